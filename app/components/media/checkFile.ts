import type { UploadKind } from '../../../core/enums';
import { detectFileType, FILE_TYPE_SNIFF_BYTES } from '../../../core/fileType';
import { ruleAccepts, uploadRuleFor, type UploadPurpose, type UploadRefusal } from '../../../core/uploadRules';

/**
 * The upload rules the server applies, checked before any upload so the person hears
 * at once: size first, then the type read from the file's first bytes (not its name).
 */
export async function checkFile(file: Blob & { name?: string }, kind: UploadKind, purpose?: UploadPurpose): Promise<UploadRefusal | null> {
  const rule = uploadRuleFor(kind, purpose);
  if (!rule) return null;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  const head = new Uint8Array(await file.slice(0, FILE_TYPE_SNIFF_BYTES).arrayBuffer());
  return ruleAccepts(rule, detectFileType(head)) ? null : rule.wrongType(file.name ?? '');
}
