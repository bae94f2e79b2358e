// XML text to a small element tree, refusing what could reach outside the file: any
// DOCTYPE (so no DTD, no entity declarations, nothing external to fetch) is refused
// before parsing, and saxes (a strict, namespace-aware, non-validating parser) knows only
// the five predefined entities and character references; an undefined one is an error.
// Elements are named by local name and namespace URI, so a prefix changes nothing.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** Local name ('NFe' for <nfe:NFe>). */
  name: string;
  /** Namespace URI ('' when none). */
  uri: string;
  /** Attributes by local name. */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (CDATA included), as written. */
  text: string;
}

export type XmlTreeFailure =
  { reason: 'DTD' } | { reason: 'NOT_XML' } | { reason: 'BROKEN_XML'; line: number; column: number; detail: string };

export class XmlTreeError extends Error {
  constructor(readonly failure: XmlTreeFailure) {
    super(failure.reason);
    this.name = 'XmlTreeError';
  }
}

/** A DOCTYPE or an ENTITY declaration anywhere (even in a comment: refused all the same). */
const DTD = /<!\s*(DOCTYPE|ENTITY)/i;

/** The root element of `xml`; throws XmlTreeError when it is not well-formed XML or has a DTD. */
export function parseXmlTree(xml: string): XmlElement {
  const text = xml.replace(/^\uFEFF/, '');
  if (DTD.test(text)) throw new XmlTreeError({ reason: 'DTD' });
  if (!text.trimStart().startsWith('<')) throw new XmlTreeError({ reason: 'NOT_XML' });

  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const appendText = (chunk: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += chunk;
  };
  parser.on('doctype', () => {
    throw new XmlTreeError({ reason: 'DTD' });
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const attr of Object.values(tag.attributes)) {
      if (attr.prefix !== 'xmlns' && attr.name !== 'xmlns') attrs[attr.local] = attr.value;
    }
    const element: XmlElement = { name: tag.local, uri: tag.uri, attrs, children: [], text: '' };
    stack[stack.length - 1]?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', appendText);
  parser.on('cdata', appendText);

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof XmlTreeError) throw error;
    const detail = error instanceof Error ? error.message.replace(/^[^:]*:\d+:\d+: /, '') : String(error);
    throw new XmlTreeError({ reason: 'BROKEN_XML', line: parser.line, column: parser.column, detail });
  }
  if (!root) throw new XmlTreeError({ reason: 'NOT_XML' });
  return root;
}

/** The first child named `name`. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child named `name`. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** The element at a path of child names ('ide/nNF'). */
export function at(element: XmlElement | undefined, path: string): XmlElement | undefined {
  return path.split('/').reduce<XmlElement | undefined>((el, name) => child(el, name), element);
}
