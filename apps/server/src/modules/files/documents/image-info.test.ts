import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-info';
import { encodeTiff, renderTextImage } from './test-fixtures';

describe('readImageSize', () => {
  it('reads PNG, JPEG and TIFF dimensions from headers', async () => {
    const image = renderTextImage(['size'], 20);
    const expected = { width: image.width, height: image.height };
    expect(readImageSize(await image.png(), 'png')).toEqual(expected);
    expect(readImageSize(await image.jpeg(), 'jpeg')).toEqual(expected);
    expect(readImageSize(encodeTiff(image.width, image.height, image.rgba), 'tiff')).toEqual(expected);
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff]), 'jpeg')).toBeNull();
  });
});
