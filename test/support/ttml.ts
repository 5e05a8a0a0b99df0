/**
 * TTML as a validator and a reader see it: the W3C TTML1 XML schema (installed by
 * `ops/ttml-schema.sh install`, part of `make test-setup`) checked by xmllint (libxml2 as
 * WebAssembly), and the document read back with a DOM parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { validateXML } from 'xmllint-wasm';

const SCHEMA_DIR = join(import.meta.dirname, '..', '..', 'var', 'ttml-schema', 'ttml1');

/** The schema's validation errors for a document (empty when it is valid TTML1). */
export async function ttmlSchemaErrors(xml: string): Promise<string[]> {
  const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.xsd'));
  if (!files.includes('ttml1.xsd')) throw new Error(`no TTML1 schema in ${SCHEMA_DIR}: run ops/ttml-schema.sh install`);
  const schemaFile = (fileName: string) => ({ fileName, contents: readFileSync(join(SCHEMA_DIR, fileName), 'utf8') });
  const result = await validateXML({
    xml: { fileName: 'song.ttml', contents: xml },
    schema: schemaFile('ttml1.xsd'),
    preload: files.filter((f) => f !== 'ttml1.xsd').map(schemaFile),
  });
  // The schema's own files import each other twice; libxml2 warns and skips, which is no error.
  const errors = result.errors.map((e) => e.rawMessage).filter((m) => !m.includes('parser warning'));
  if (!result.valid && errors.length === 0) throw new Error(`xmllint refused without a reason: ${result.rawOutput}`);
  return errors;
}

export const TT = 'http://www.w3.org/ns/ttml';
export const APPLE = 'http://music.apple.com/lyric-ttml-internal';

export function parseTtml(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const all = (ns: string, name: string, from: { getElementsByTagNameNS: Element['getElementsByTagNameNS'] } = doc) =>
    Array.from(from.getElementsByTagNameNS(ns, name));
  return { doc, all };
}
