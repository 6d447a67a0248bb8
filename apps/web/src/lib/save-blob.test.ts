import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './save-blob';

describe('saveBlob', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a temporary download link named after the file, then releases the object URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:saved');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const blob = new Blob(['PK'], { type: 'application/zip' });
    saveBlob(blob, '워크스페이스 데이터.zip');

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('워크스페이스 데이터.zip');
    expect(clicked[0]!.href).toBe('blob:saved');
    expect(clicked[0]!.isConnected).toBe(false);
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:saved'));
  });
});
