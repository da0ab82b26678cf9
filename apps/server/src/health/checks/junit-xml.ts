/**
 * Just enough XML for JUnit reports: elements, attributes, text and CDATA; comments,
 * the declaration and processing instructions are skipped. A DOCTYPE is refused (no
 * entity expansion); only the five predefined entities and character references decode.
 */

export type XmlElement = {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
};

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses a document and returns its root element; throws with the position of a syntax error. */
export function parseXml(text: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const skipTo = (end: string, what: string) => {
    const j = text.indexOf(end, i);
    if (j < 0) throw new Error(`unterminated ${what} at offset ${i}`);
    const body = text.slice(i, j);
    i = j + end.length;
    return body;
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    const top = stack.at(-1);
    if (top) top.text += decode(chunk);
    else if (chunk.trim()) throw new Error(`text outside the root element at offset ${i}`);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      i += 4;
      skipTo('-->', 'comment');
    } else if (text.startsWith('<![CDATA[', i)) {
      i += 9;
      const body = skipTo(']]>', 'CDATA section');
      if (top) top.text += body;
    } else if (text.startsWith('<?', i)) {
      i += 2;
      skipTo('?>', 'processing instruction');
    } else if (text.startsWith('<!', i)) {
      throw new Error('DOCTYPE declarations are not supported');
    } else if (text.startsWith('</', i)) {
      i += 2;
      const name = skipTo('>', 'end tag').trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`unexpected </${name}> at offset ${lt}`);
    } else {
      i += 1;
      const body = skipTo('>', 'tag');
      const selfClosing = body.endsWith('/');
      const inner = selfClosing ? body.slice(0, -1) : body;
      const name = /^[^\s/>]+/.exec(inner)?.[0];
      if (!name) throw new Error(`invalid tag at offset ${lt}`);
      const attrs: Record<string, string> = {};
      for (const m of inner.slice(name.length).matchAll(ATTR)) {
        attrs[m[1] ?? ''] = decode(m[3] ?? m[4] ?? '');
      }
      const el: XmlElement = { name, attrs, children: [], text: '' };
      if (top) top.children.push(el);
      else if (root) throw new Error(`a second root element <${name}> at offset ${lt}`);
      else root = el;
      if (!selfClosing) stack.push(el);
    }
  }
  if (stack.length) throw new Error(`<${stack.at(-1)?.name ?? ''}> is not closed`);
  if (!root) throw new Error('no root element');
  return root;
}
