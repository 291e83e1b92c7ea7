import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { FILE_LIMITS } from '../../../core/constants';
import { detectFileType } from '../../../core/fileType';
import { runStorageTest } from '../../commands/runStorageTest';
import { uploadTestImage } from '../../commands/uploadTestImage';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import type { RouteOptions } from '../../services';
import { cidFromSha256 } from '../../storage/cid';
import { fileStoreFor } from '../../storage';
import { LocalStore } from '../../storage/localStore';
import { receiveUpload } from '../uploads/receive';
import { StorageUploadFieldsSchema } from './schema';

const MAX_TEST_IMAGE_BYTES = FILE_LIMITS.campaignPhoto;
const isImage = (head: Buffer) => detectFileType(head)?.category === 'image';

/**
 * The file-pinning test page (/xk9j2m4p/test-pinata, spec 2 section 2.14):
 * POST /api/admin/storage-test (write and read a probe) and
 * POST /api/admin/storage-test/upload (one image with a group and test metadata).
 */
export const storageTestRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { env } = services;
  const store = fileStoreFor(env, services.now);
  const staging = LocalStore.forDataDir(env.dataDir);
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_TEST_IMAGE_BYTES } });

  app.post('/admin/storage-test', { preHandler: requireAdmin(services) }, async (request) => runStorageTest(services, adminActor(request)));

  app.post('/admin/storage-test/upload', { preHandler: requireAdmin(services) }, async (request) => {
    const admin = adminActor(request);
    const tempPath = await staging.tempPath();
    try {
      const { fields, file } = await receiveUpload(request, tempPath, () => ({ maxBytes: MAX_TEST_IMAGE_BYTES, acceptsHead: isImage }));
      const input = parseInput(StorageUploadFieldsSchema, fields);
      if (!file || file.size === 0) throw badRequest('No file selected');
      const type = detectFileType(file.head);
      if (file.refused === 'type' || type?.category !== 'image') throw badRequest('Only image files can be uploaded (PNG, JPEG, GIF, WebP)');
      if (file.refused === 'size' || file.size > MAX_TEST_IMAGE_BYTES) throw badRequest('The image is larger than 10 MB');
      const uploadedAt = services.now().toISOString();
      const name = input.name?.trim() || file.filename || 'test-upload';
      const stored = await uploadTestImage(services, admin, store,
        { path: file.path, cid: cidFromSha256(file.sha256), size: file.size, contentType: type.mime },
        { kind: input.group, name, keyvalues: { test: 'true', uploadedAt, group: input.group, uploadedBy: `admin:${admin.username}` } },
      );
      return { ...stored, name, group: input.group, size: file.size, contentType: type.mime, keyvalues: { test: 'true', uploadedAt, group: input.group } };
    } finally {
      await fs.promises.rm(tempPath, { force: true });
    }
  });
};
