/**
 * A PDF of pictures, one JPEG per page, written by hand: what a dashboard's PDF holds is a
 * picture of the page cut into pages (as Superset's export does), and the PDF needed for that
 * is a catalogue, pages, one image and one drawing command each, which a library would only wrap.
 * The JPEG bytes go in as they are (DCTDecode), so nothing is re-encoded.
 */

export interface PdfPicture {
  /** JPEG bytes. */
  jpeg: Uint8Array;
  /** The picture's size in pixels. */
  width: number;
  height: number;
}

export interface PdfPageSize {
  /** In points (1/72 inch). */
  width: number;
  height: number;
  margin: number;
}

/** A4 in landscape, with 10 mm margins. */
export const A4_LANDSCAPE: PdfPageSize = { width: 842, height: 595, margin: 28 };

const encoder = new TextEncoder();

/** The document: each picture on its own page, as wide as the margins allow, from the top. */
export function pdfOfPictures(
  pictures: PdfPicture[],
  page: PdfPageSize = A4_LANDSCAPE,
): Uint8Array {
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string) => {
    offsets[id] = length;
    write(`${id} 0 obj\n${body}\nendobj\n`);
  };

  // Objects: 1 catalogue, 2 page tree, then per page: the page, its drawing, its image.
  const pageIds = pictures.map((_, i) => 3 + 3 * i);
  write('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(
    2,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pictures.length} >>`,
  );
  const room = { width: page.width - 2 * page.margin, height: page.height - 2 * page.margin };
  pictures.forEach((picture, i) => {
    const pageId = pageIds[i] as number;
    const contentId = pageId + 1;
    const imageId = pageId + 2;
    const scale = Math.min(room.width / picture.width, room.height / picture.height);
    const w = round(picture.width * scale);
    const h = round(picture.height * scale);
    const x = page.margin;
    const y = round(page.height - page.margin - h);
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] ` +
        `/Resources << /XObject << /Im${i} ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const drawing = `q ${w} 0 0 ${h} ${x} ${y} cm /Im${i} Do Q`;
    object(contentId, `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`);
    offsets[imageId] = length;
    write(
      `${imageId} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${picture.width} ` +
        `/Height ${picture.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 ` +
        `/Filter /DCTDecode /Length ${picture.jpeg.length} >>\nstream\n`,
    );
    write(picture.jpeg);
    write('\nendstream\nendobj\n');
  });

  const count = 3 + 3 * pictures.length;
  const xref = length;
  write(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) {
    write(`${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
  }
  write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);

  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;
