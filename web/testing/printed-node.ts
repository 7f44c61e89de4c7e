/** How much of a node's HTML a failed expectation prints. */
export const PRINTED_NODE_LIMIT = 2048

/**
 * A node as a failed expectation prints it: its HTML, cut at PRINTED_NODE_LIMIT characters.
 * Left to itself, bun's expect prints a happy-dom node's internals, the whole document through
 * its parents and listeners: one `expect(element).toBeNull()` printed 746 MB.
 */
export function printedNode(node: Node): string {
  const html =
    node instanceof Element
      ? node.outerHTML
      : node instanceof Document
        ? `#document ${node.documentElement.outerHTML}`
        : `${node.nodeName} ${JSON.stringify(node.textContent)}`
  return html.length <= PRINTED_NODE_LIMIT ? html : `${html.slice(0, PRINTED_NODE_LIMIT)}… (${html.length - PRINTED_NODE_LIMIT} more characters)`
}

/** Every node, printed by Bun.inspect (and so by expect), prints as printedNode. */
export function printNodesSmall() {
  Object.defineProperty(Node.prototype, Bun.inspect.custom, {
    value(this: Node) {
      return printedNode(this)
    },
  })
}
