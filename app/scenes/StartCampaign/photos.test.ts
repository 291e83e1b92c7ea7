import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPhotos, mainFirst, removePhoto, setMainPhoto, type PhotoEntry } from './photos';

const files = (...ids: string[]) => ids.map((id) => ({ id, file: id }));
const mains = (photos: PhotoEntry<string>[]) => photos.filter((p) => p.isMain).map((p) => p.id);

describe('the photo list', () => {
  it('makes the first photo main by default and caps the list at 3', () => {
    const { photos, refused } = addPhotos([], files('a', 'b'));
    expect(mains(photos)).toEqual(['a']);
    const more = addPhotos(photos, files('c', 'd', 'e'));
    expect(more.photos.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(more.refused).toBe(2);
    expect(refused).toBe(0);
    expect(addPhotos(more.photos, files('f')).refused).toBe(1);
  });

  it('moves main on request and, when the main one is removed, to the first remaining', () => {
    let { photos } = addPhotos([], files('a', 'b', 'c'));
    photos = setMainPhoto(photos, 'c');
    expect(mains(photos)).toEqual(['c']);
    expect(mainFirst(photos).map((p) => p.id)).toEqual(['c', 'a', 'b']);
    photos = removePhoto(photos, 'c');
    expect(mains(photos)).toEqual(['a']);
    photos = removePhoto(photos, 'b');
    expect(mains(photos)).toEqual(['a']);
    expect(removePhoto(photos, 'a')).toEqual([]);
    expect(setMainPhoto(photos, 'zz')).toBe(photos);
  });

  it('keeps exactly one main photo and at most 3 photos after any sequence of edits', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), count: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(5) }),
      fc.record({ kind: fc.constant('main' as const), at: fc.nat(5) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
      let photos: PhotoEntry<string>[] = [];
      let next = 0;
      for (const o of ops) {
        if (o.kind === 'add') photos = addPhotos(photos, Array.from({ length: o.count }, () => ({ id: String(next), file: String(next++) }))).photos;
        else if (o.kind === 'remove') photos = removePhoto(photos, photos[o.at]?.id ?? 'none');
        else photos = setMainPhoto(photos, photos[o.at]?.id ?? 'none');
        expect(photos.length).toBeLessThanOrEqual(3);
        expect(mains(photos).length).toBe(photos.length === 0 ? 0 : 1);
      }
    }));
  });
});
