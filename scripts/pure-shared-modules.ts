import { parseAst } from 'vite';

/**
 * The contract modules (src/shared) build their zod schemas at the top level. The bundler drops a
 * schema a page does not use only if it can tell that building it does nothing else: it knows
 * that of `z.…` chains (vite.config.ts `manualPureFunctions`), not of our helpers
 * (`translationsOf({…})`) nor of a schema built from another (`drawTranslationsSchema.default({})`).
 * So one unused helper call kept every schema of its module, and zod with them, in /profile's
 * download (docs/decisions/0051). A shared module's top level only declares (vite.config.ts
 * `moduleSideEffects`), so every call in its declarations is marked pure: unused, it goes.
 */
export function markTopLevelCallsPure(code: string): string {
  const program = parseAst(code);
  const starts: number[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const { type, start } = node as { type?: string; start?: number };
    // A function's body runs when it is called, not when the module loads.
    if (
      type === 'ArrowFunctionExpression' ||
      type === 'FunctionExpression' ||
      type === 'FunctionDeclaration' ||
      type === 'ClassDeclaration' ||
      type === 'ClassExpression'
    )
      return;
    if ((type === 'CallExpression' || type === 'NewExpression') && typeof start === 'number')
      starts.push(start);
    for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value);
  };
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') visit(declaration.declarations);
  }
  let marked = code;
  // From the end, so each insertion leaves the earlier positions where they were.
  for (const start of starts.sort((a, b) => b - a))
    marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
  return marked;
}
