-- Documents attached to requests before uploads were recorded become private: readable by
-- admins and the applicant (the only uploader known for them), no longer by anyone with the
-- URL. Bytes some page shows publicly (a logo, a photo, a video) stay public: the old check let
-- a request attach any file of ours.
WITH docs AS (
  SELECT DISTINCT substring(doc FROM '/ipfs/([A-Za-z0-9]+)$') AS cid, r."creator_wallet" AS wallet
  FROM "verification_requests" r, jsonb_array_elements_text(r."documents") AS doc
), shown AS (
  SELECT "image_url" AS url FROM "campaigns" UNION ALL SELECT "video_url" FROM "campaigns"
  UNION ALL SELECT "image_url" FROM "campaign_gallery" UNION ALL SELECT "video_url" FROM "campaign_videos"
  UNION ALL SELECT "profile_photo" FROM "user_profiles" UNION ALL SELECT "logo" FROM "verified_charities"
  UNION ALL SELECT "image_url" FROM "token_cache"
)
INSERT INTO "uploads" ("cid", "kind", "uploaded_by", "is_private")
SELECT d.cid, 'verification_document'::"upload_kind", d.wallet, true
FROM docs d
WHERE d.cid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shown s WHERE s.url LIKE '%/ipfs/' || d.cid)
ON CONFLICT DO NOTHING;
