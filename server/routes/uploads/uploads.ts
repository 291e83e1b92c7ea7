import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { detectFileType } from '../../../core/fileType';
import { storeUpload } from '../../commands/storeUpload';
import { MAX_UPLOAD_BYTES, ruleAccepts, uploadRuleFor, type UploadRefusal, type UploadRule } from '../../../core/uploadRules';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { uploadLimitsFor } from '../../policies/uploadLimits';
import { currentWallet, requireWallet } from '../../policies/wallet';
import type { RouteOptions } from '../../services';
import { cidFromSha256 } from '../../storage/cid';
import { LocalStore } from '../../storage/localStore';
import { receiveUpload, type FileLimits } from './receive';
import { UploadFieldsSchema } from './schema';

const refusal = (r: UploadRefusal) => badRequest(r.message, { title: r.title });

/**
 * POST /api/uploads: one file per request, checked from its bytes against the rules of
 * its kind, then stored (local CID store, or Pinata; verification documents always
 * locally) with who uploaded it -> { url, ipfsHash }.
 */
export const uploadsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { env } = services;
  const staging = LocalStore.forDataDir(env.dataDir);
  // An upload takes seconds; anything staged an hour ago was cut off by a crash.
  await staging.sweepTemp(3_600_000);
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_UPLOAD_BYTES } });
  const limits = uploadLimitsFor(services);

  app.post('/uploads', { preHandler: requireWallet(services) }, async (request) => {
    const wallet = currentWallet(request);
    await limits.admit(wallet, request.ip);
    const tempPath = await staging.tempPath();
    try {
      const { fields, file } = await receiveUpload(request, tempPath, (early) => limitsOf(ruleOf(early)));
      const input = parseInput(UploadFieldsSchema, fields);
      const rule = uploadRuleFor(input.kind, input.purpose);
      if (!rule) throw badRequest(`purpose '${input.purpose}' does not go with kind '${input.kind}'`);
      if (!file) throw badRequest('No file was uploaded');
      const type = detectFileType(file.head);
      if (file.refused === 'type' || !ruleAccepts(rule, type)) throw refusal(rule.wrongType(file.filename));
      if (file.refused === 'size' || file.size > rule.maxBytes) throw refusal(rule.tooLarge);
      await limits.assertRoom(wallet, request.ip, file.size);
      const stored = await storeUpload(services, {
        file: { path: file.path, cid: cidFromSha256(file.sha256), size: file.size, contentType: type!.mime },
        metadata: { kind: input.kind, name: input.name || file.filename || input.kind, keyvalues: { ...input.keyvalues, uploadedBy: wallet } },
        wallet,
        clientAddress: request.ip,
      });
      return stored;
    } finally {
      await fs.promises.rm(tempPath, { force: true });
    }
  });
};

/** The rule the fields sent so far name, or null when they name none (yet). */
function ruleOf(fields: Record<string, string>): UploadRule | null {
  const parsed = UploadFieldsSchema.safeParse(fields);
  return parsed.success ? uploadRuleFor(parsed.data.kind, parsed.data.purpose) : null;
}

// Known before the file arrives, a rule is enforced while streaming; otherwise only
// the overall ceiling is, and the rule is checked once the fields are all in.
function limitsOf(rule: UploadRule | null): FileLimits {
  if (!rule) return { maxBytes: MAX_UPLOAD_BYTES };
  return { maxBytes: rule.maxBytes, acceptsHead: (head) => ruleAccepts(rule, detectFileType(head)) };
}
