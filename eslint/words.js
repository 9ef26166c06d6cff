import formatjs from 'eslint-plugin-formatjs';

/**
 * The web app's words come from the catalogs (docs/decisions/0048-languages.md): FormatJS's
 * `no-literal-string-in-jsx`, judged on JSX text, string children and the props a person reads
 * or hears, reports only a literal that holds a word (two letters in a row). Punctuation, a
 * space between two messages (`{' '}`), a separator or a number is the same in every language.
 */
const literalInJsx = formatjs.rules['no-literal-string-in-jsx'];

const textOf = (node) => {
  if (node.type === 'Literal') return String(node.value);
  if (node.type === 'JSXText') return node.value;
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((quasi) => quasi.value.cooked).join('');
  if (node.type === 'JSXAttribute') return node.value ? textOf(node.value) : '';
  return '';
};
const holdsWord = (node) => /\p{L}{2}/u.test(textOf(node));

const noEnglishInJsx = {
  meta: {
    ...literalInJsx.meta,
    messages: {
      noLiteralStringInJsx:
        'Words a person reads come from the catalogs: use a message (useMessages(), docs/decisions/0048-languages.md), not a literal.',
    },
  },
  create(context) {
    const wordsOnly = Object.create(context, {
      report: {
        value: (descriptor) => {
          if (holdsWord(descriptor.node)) context.report(descriptor);
        },
      },
    });
    return literalInJsx.create(wordsOnly);
  },
};

/** The props a person reads or hears, beside FormatJS's own (aria-label, placeholder, title, alt). */
const readProps = [['*', '{label,description,error,confirmLabel,cancelLabel,tooltip,message}']];

export const wordsPlugin = { rules: { 'no-english-in-jsx': noEnglishInJsx } };

/** A toast's title or message (Mantine notifications) that holds a word. */
const toastWords = (words) => ({
  selector: `CallExpression[callee.object.name='notifications'] Property[key.name=/^(title|message)$/] > ${words}`,
  message: "A toast's words come from the catalogs: use a message, not a literal.",
});

/** The words shown when the server gives none (`errorText(error, fallback)`, #client/lib/api.ts). */
const fallbackWords = {
  selector: `CallExpression[callee.name='errorText'] > Literal[value=/\\p{L}{2}/u]`,
  message: "An error's fallback words come from the catalogs: use a message, not a literal.",
};

/** Toasts are shown from hooks in .ts files as well as from components. */
export const toastRules = {
  'no-restricted-syntax': [
    'error',
    toastWords('Literal[value=/\\p{L}{2}/u]'),
    toastWords('TemplateLiteral > TemplateElement[value.raw=/\\p{L}{2}/u]'),
    fallbackWords,
  ],
};

export const wordsRules = {
  'words/no-english-in-jsx': ['error', { props: { include: readProps } }],
  ...toastRules,
};
