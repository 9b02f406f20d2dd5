/**
 * Decision 0132: a remark step that marks numbered references in an answer's prose (`[1]`,
 * `[1, 2]`, `[1][2]`; not in code, math or links) as `citation` nodes. Each becomes a `button`
 * element carrying only its number (`data-cite`), so the renderer decides what it is from the
 * answer's own sources, and nothing from the text ever becomes markup of its own. Same pattern as
 * core's `citedNumbers`.
 */
type MdNode = {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
};

const SKIPPED = new Set(['code', 'inlineCode', 'math', 'inlineMath', 'link', 'linkReference', 'html']);
const REFERENCE = /\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\](?!\()/g;

function citation(number: number, text: string): MdNode {
  return {
    type: 'citation',
    data: { hName: 'button', hProperties: { dataCite: String(number) } },
    children: [{ type: 'text', value: text }],
  };
}

/** The text cut into plain pieces and citations; the same node when it names none. */
function split(value: string): MdNode[] | null {
  const out: MdNode[] = [];
  let last = 0;
  for (const match of value.matchAll(REFERENCE)) {
    const at = match.index;
    if (at > last) out.push({ type: 'text', value: value.slice(last, at) });
    const numbers = match[1]!.split(',').map((part) => part.trim());
    if (numbers.length === 1) out.push(citation(Number(numbers[0]), match[0]));
    else {
      out.push({ type: 'text', value: '[' });
      numbers.forEach((number, index) => {
        if (index > 0) out.push({ type: 'text', value: ', ' });
        out.push(citation(Number(number), number));
      });
      out.push({ type: 'text', value: ']' });
    }
    last = at + match[0].length;
  }
  if (out.length === 0) return null;
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

function walk(node: MdNode): void {
  if (!node.children || SKIPPED.has(node.type)) return;
  const children: MdNode[] = [];
  for (const child of node.children) {
    const pieces = child.type === 'text' && child.value ? split(child.value) : null;
    if (pieces) children.push(...pieces);
    else {
      walk(child);
      children.push(child);
    }
  }
  node.children = children;
}

export function remarkCitations() {
  return (tree: MdNode) => walk(tree);
}
