import { createSamplePdf, createSilentMp3 } from './demo-files';

// The generated demo files must be real files: a PDF whose cross-reference table points at its
// objects, and an MP3 made of valid MPEG-1 Layer III frames behind an ID3v2 tag.

describe('createSamplePdf', () => {
  const pdf = createSamplePdf('Physics (Made) Clear');
  const text = pdf.toString('latin1');

  it('is a PDF 1.4 file with the sample text, escaped', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Sample of Physics \\(Made\\) Clear) Tj');
  });

  it('has an xref table whose offsets point at each object and a startxref pointing at it', () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    // Catalog, pages, font and info, then a page and its content for each of the three pages.
    expect(offsets).toHaveLength(10);
    expect(text).toContain('/Count 3 >>');
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
  });

  it('declares the true length of its content stream', () => {
    const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);
    expect(Number(match?.[1])).toBe(Buffer.byteLength(match?.[2] ?? '', 'latin1'));
  });
});

describe('createSilentMp3', () => {
  const mp3 = createSilentMp3('Sample of Tajweed', 2);

  it('starts with an ID3v2.4 tag carrying the title', () => {
    expect(mp3.subarray(0, 3).toString()).toBe('ID3');
    expect(mp3[3]).toBe(4);
    expect(mp3.includes(Buffer.from('Sample of Tajweed'))).toBe(true);
  });

  it('continues with back-to-back 417-byte MPEG-1 Layer III frames for the requested duration', () => {
    const tagSize = ((mp3[6] ?? 0) << 21) | ((mp3[7] ?? 0) << 14) | ((mp3[8] ?? 0) << 7) | (mp3[9] ?? 0);
    const frames = mp3.subarray(10 + tagSize);
    expect(frames.length % 417).toBe(0);
    const count = frames.length / 417;
    expect(count * (1152 / 44_100)).toBeCloseTo(2, 1);
    for (let index = 0; index < count; index += 1) {
      expect([...frames.subarray(index * 417, index * 417 + 4)]).toEqual([0xff, 0xfb, 0x90, 0xc0]);
    }
  });
});
