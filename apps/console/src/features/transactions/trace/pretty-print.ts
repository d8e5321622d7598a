const INDENT = '  ';

/** Edge message content as people read it: JSON and XML indented by two spaces, plain text as is. */
export function prettyPrintContent(content: string): string {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return prettyPrintJson(content);
  if (trimmed.startsWith('<')) return prettyPrintXml(content);
  return content;
}

/** Indented JSON, or the text unchanged when it does not parse. */
export function prettyPrintJson(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content), null, INDENT.length);
  } catch {
    return content;
  }
}

// A tag may hold '>' inside a quoted attribute value; comments and CDATA may hold anything.
const XML_TOKEN = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+/g;

interface XmlToken {
  kind: 'open' | 'close' | 'other' | 'text';
  text: string;
}

function classify(token: string): XmlToken {
  if (!token.startsWith('<')) return { kind: 'text', text: token.trim() };
  if (token.startsWith('</')) return { kind: 'close', text: token };
  // Declarations, processing instructions, comments, CDATA and self-closing tags open nothing.
  if (/^<[!?]/.test(token) || token.endsWith('/>')) return { kind: 'other', text: token };
  return { kind: 'open', text: token };
}

/**
 * One element or text per line, nested elements indented by two spaces; an element holding only
 * text stays on one line. Whitespace between tags is dropped. Text that is not markup (a stray
 * '<' or an unclosed tag) comes back unchanged.
 */
export function prettyPrintXml(content: string): string {
  const raw = content.match(XML_TOKEN) ?? [];
  if (raw.join('') !== content || !raw.some((token) => token.startsWith('<') && token.endsWith('>'))) {
    return content;
  }
  const tokens = raw.map(classify).filter((token) => !(token.kind === 'text' && token.text === ''));
  const lines: string[] = [];
  let depth = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token) continue;
    const indent = INDENT.repeat(depth);
    if (token.kind === 'open') {
      const next = tokens[index + 1];
      const afterNext = tokens[index + 2];
      if (next?.kind === 'close') {
        lines.push(`${indent}${token.text}${next.text}`);
        index += 1;
      } else if (next?.kind === 'text' && afterNext?.kind === 'close') {
        lines.push(`${indent}${token.text}${next.text}${afterNext.text}`);
        index += 2;
      } else {
        lines.push(`${indent}${token.text}`);
        depth += 1;
      }
    } else if (token.kind === 'close') {
      depth = Math.max(0, depth - 1);
      lines.push(`${INDENT.repeat(depth)}${token.text}`);
    } else {
      lines.push(`${indent}${token.text}`);
    }
  }
  return lines.join('\n');
}
