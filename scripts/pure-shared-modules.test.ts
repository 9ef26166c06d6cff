import { describe, expect, it } from 'vitest';
import { markTopLevelCallsPure } from './pure-shared-modules.ts';

describe('markTopLevelCallsPure', () => {
  it("marks every call in a module's top-level declarations, chains and arguments included", () => {
    const marked = markTopLevelCallsPure(
      [
        'export const tr = translationsOf({ title: text(200) });',
        'const inObject = z.object({ t: tr.default({}) });',
        'export const chained = tr.default({}).optional();',
      ].join('\n'),
    );
    expect(marked).toBe(
      [
        'export const tr = /* @__PURE__ */ translationsOf({ title: /* @__PURE__ */ text(200) });',
        'const inObject = /* @__PURE__ */ z.object({ t: /* @__PURE__ */ tr.default({}) });',
        'export const chained = /* @__PURE__ */ /* @__PURE__ */ tr.default({}).optional();',
      ].join('\n'),
    );
  });

  it('leaves function bodies and statements that are not declarations as they are', () => {
    const code = [
      'export function helper(n) { return sideEffect(n); }',
      'const arrow = (max) => z.string().max(max);',
      'register(arrow);',
    ].join('\n');
    expect(markTopLevelCallsPure(code)).toBe(code);
  });
});
