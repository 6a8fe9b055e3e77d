// A small element builder: attributes and text only, never HTML strings (the one place HTML strings go into the DOM
// is the Markdown renderer's output). `false`/`undefined` attributes are left out, `true` ones are set empty.
type AttributeValue = string | number | boolean | undefined;

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, AttributeValue>> = {},
  ...children: readonly (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children);
  return node;
}

/** Sets or removes a boolean-ish ARIA/HTML attribute. */
export function toggleAttribute(node: Element, name: string, on: boolean, value = 'true'): void {
  if (on) node.setAttribute(name, value);
  else node.removeAttribute(name);
}
