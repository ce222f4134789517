/**
 * multipart/form-data parsing with busboy, from an already buffered body.
 */
import busboy from 'busboy';
import { HttpError } from './http-util.js';

/**
 * @typedef {object} ParsedForm
 * @property {{ name: string, value: string }[]} fields
 * @property {{ name: string, filename: string, mimeType: string, data: Buffer }[]} files
 */

/**
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {Buffer} raw
 * @returns {Promise<ParsedForm>}
 */
export function parseMultipart(headers, raw) {
  return new Promise((resolve, reject) => {
    /** @type {ReturnType<typeof busboy>} */
    let parser;
    try {
      parser = busboy({ headers, limits: { fileSize: 50 * 1024 * 1024, fieldSize: 50 * 1024 * 1024 } });
    } catch (error) {
      reject(new HttpError(400, `Malformed multipart request: ${/** @type {Error} */ (error).message}`));
      return;
    }
    /** @type {ParsedForm} */
    const form = { fields: [], files: [] };
    parser.on('field', (name, value) => form.fields.push({ name, value }));
    parser.on('file', (name, stream, info) => {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        form.files.push({
          name,
          filename: info.filename ?? '',
          mimeType: info.mimeType ?? '',
          data: Buffer.concat(chunks),
        });
      });
    });
    parser.on('error', (error) =>
      reject(new HttpError(400, `Malformed multipart request: ${/** @type {Error} */ (error).message}`)),
    );
    parser.on('close', () => resolve(form));
    parser.end(raw);
  });
}

/**
 * Names and values of a parsed form for the request log: files as {filename, size, type}.
 * @param {ParsedForm} form
 */
export function describeForm(form) {
  /** @type {Record<string, unknown>} */
  const values = {};
  const names = [];
  for (const field of form.fields) {
    names.push(field.name);
    values[field.name] = field.value;
  }
  for (const file of form.files) {
    names.push(file.name);
    values[file.name] = { filename: file.filename, size: file.data.length, type: file.mimeType };
  }
  return { formFields: names, formValues: values };
}
