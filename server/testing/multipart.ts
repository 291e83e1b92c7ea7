/** A multipart/form-data body for `app.inject`, serialised by the platform's own FormData. */
export type Part = string | { data: Uint8Array; filename: string; type?: string };

export async function multipartBody(parts: [string, Part][]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, part] of parts) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([part.data as Uint8Array<ArrayBuffer>], { type: part.type ?? 'application/octet-stream' }), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
