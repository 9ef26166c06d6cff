// The API's own words (docs/decisions/0049-api-and-mail-languages.md): every English error message
// the server can answer with, found in the code, so `npm run i18n:check` fails on one that a
// translation of the API (src/server/i18n/api/<language>.json) lacks.
//
// A message is an argument the TypeScript checker binds to a parameter named `message`, `params`
// or `error` (the error constructors: badRequest, conflict, new AppError, …; zod's
// `.min(1, 'Title is required')`), a default value of such a parameter (`unauthorized()`), or an
// object literal's `message` / `error` property (zod's `{ error: 'Title is required' }`,
// `addIssue({ message })`, the error plugin's answers, a success answer's `{ message }` that a
// route or its service returns as it is). Each is followed to its words: a string,
// a template (`${value}` becomes the placeholder `{value}`), a constant, both sides of a
// condition, or the return values of the function called. Only src/server and src/shared are
// read, tests aside.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const MESSAGE_PARAMETERS = new Set(['message', 'params', 'error']);
const MESSAGE_PROPERTIES = new Set(['message', 'error']);
/**
 * Words that fill another message's placeholder, translated with it: the action a refused pass
 * cannot do (src/server/passes/refusal.ts), the counts countOf writes (#shared/plural.ts) and a
 * pass's stored inactive reasons (#shared/passes.ts INACTIVE_REASONS).
 */
const FRAGMENTS = [
  'Your payment was refunded, so this pass is no longer active.',
  'Your payment is disputed with your card issuer, so this pass is no longer active.',
  'redeem coupons',
  'vote',
  'reset votes',
  '{count} minute',
  '{count} minutes',
  '{count} hours',
  '{count} coupon',
  '{count} coupons',
  '{count} shop',
  '{count} shops',
  '{count} pass',
  '{count} passes',
  '{count} reward has',
  '{count} rewards have',
];

/**
 * zod's own English (node_modules/zod/v4/locales/en.js), said where a schema gives no words of its
 * own: the shapes of the issues the API's schemas raise, with the values it writes in them (the
 * types' names and sizes' units, translated as fragments).
 */
const ZOD_DEFAULTS = [
  'Invalid input',
  'Invalid input: expected {expected}, received {received}',
  'Invalid input: expected {value}',
  'Invalid option: expected one of {values}',
  'Too small: expected string to have >={minimum} characters',
  'Too big: expected string to have <={maximum} characters',
  'Too small: expected array to have >={minimum} items',
  'Too big: expected array to have <={maximum} items',
  'Too small: expected number to be >={minimum}',
  'Too small: expected number to be >{minimum}',
  'Too big: expected number to be <={maximum}',
  'Too big: expected number to be <{maximum}',
  'Invalid string: must match pattern {pattern}',
  'Invalid email address',
  'Invalid URL',
  'Invalid ISO datetime',
  'Invalid ISO date',
  'Invalid number: must be a multiple of {divisor}',
  'Unrecognized key: {key}',
  'Unrecognized keys: {keys}',
  'string',
  'number',
  'int',
  'boolean',
  'object',
  'array',
  'undefined',
  'null',
  'NaN',
];

/** A logger's words are for the operator. */
const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

/**
 * Places that pass on a message made elsewhere, each read when it was listed: the words are
 * found where they are made. A new place is an error until it is followed or listed here.
 */
const FORWARDED = new Set([
  // importedHours' and businessCreateSchema's messages, per CSV line
  'src/shared/shop-import.ts read.message',
  'src/shared/shop-import.ts issue.message',
  // checkHours' HOURS_MESSAGE
  'src/server/businesses/service.ts check.message',
  // readShopCsv's messages
  'src/server/businesses/import.ts file.message',
  // checkoutRequestSchema's messages
  'src/server/payments/routes.ts order.error.issues[0]!.message',
  // checkReadiness' reason
  'src/server/health/routes.ts readiness.reason',
  // an offline redemption's refusal, said again in the email that tells the member of it
  'src/server/redemption/service.ts answer.message',
  // the error plugin answers with the messages found here
  'src/server/plugins/errors.ts error.message',
  'src/server/plugins/errors.ts issue.message',
]);

const isScanned = (fileName) => {
  const relative = path.relative(root, fileName).split(path.sep).join('/');
  return (
    /^src\/(server|shared)\//.test(relative) &&
    !/\.test\.tsx?$/.test(relative) &&
    !relative.endsWith('.d.ts')
  );
};

/** Where the server's settings, command-line tools and jobs speak: to the operator, not through the API. */
const INTERNAL = [
  /^src\/server\/(env|main|project-root)\.ts$/,
  /^src\/server\/(config|jobs|db|clock)\//,
  /^src\/server\/wallet\/settings\.ts$/,
];
const isInternal = (fileName) =>
  INTERNAL.some((pattern) => pattern.test(path.relative(root, fileName).split(path.sep).join('/')));
const isZod = (fileName) => fileName.split(path.sep).join('/').includes('/node_modules/zod/');

/** The placeholder a template's `${expression}` becomes: its last name (`answer.shopName` → shopName). */
function placeholderOf(expression) {
  let node = expression;
  while (ts.isCallExpression(node)) node = node.expression;
  while (ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isIdentifier(node)) return node.text;
  return 'value';
}

/**
 * Every English message of the API, each with its placeholders as `{name}`, and the places whose
 * words could not be followed (a value read from elsewhere).
 */
export function apiMessages() {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const program = ts.createProgram({
    rootNames: config.fileNames.filter(isScanned),
    options: { ...config.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const messages = new Map([
    ...FRAGMENTS.map((fragment) => [fragment, 'a fragment']),
    ...ZOD_DEFAULTS.map((words) => [words, "zod's own English"]),
  ]);
  const unfollowed = [];

  const where = (node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(root, file.fileName)}:${line + 1}`;
  };
  const unfollow = (node) => {
    const file = path.relative(root, node.getSourceFile().fileName);
    if (!FORWARDED.has(`${file} ${node.getText()}`))
      unfollowed.push(`${where(node)} ${node.getText()}`);
  };
  const add = (text, node) => {
    if (!/[A-Za-z]/.test(text)) return;
    if (!messages.has(text)) messages.set(text, where(node));
  };

  /** The words `node` evaluates to, added to `messages`; `seen` stops a loop through constants. */
  function follow(node, seen = new Set()) {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      add(node.text, node);
    } else if (ts.isTemplateExpression(node)) {
      let text = node.head.text;
      const names = new Set();
      for (const span of node.templateSpans) {
        // Two values of one name are two placeholders: {length} and {length2}.
        let name = placeholderOf(span.expression);
        for (let count = 2; names.has(name); count += 1)
          name = `${placeholderOf(span.expression)}${count}`;
        names.add(name);
        text += `{${name}}${span.literal.text}`;
      }
      add(text, node);
    } else if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node)
    ) {
      follow(node.expression, seen);
    } else if (ts.isConditionalExpression(node)) {
      follow(node.whenTrue, seen);
      follow(node.whenFalse, seen);
    } else if (node.kind === ts.SyntaxKind.NullKeyword) {
      // no message
    } else if (ts.isAwaitExpression(node)) {
      follow(node.expression, seen);
    } else if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
        node.operatorToken.kind,
      )
    ) {
      follow(node.left, seen);
      follow(node.right, seen);
    } else if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      const target =
        symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target?.valueDeclaration;
      if (declaration && ts.isParameter(declaration)) return; // its callers are read
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        follow(declaration.initializer, seen);
      } else if (
        declaration &&
        (ts.isPropertyAssignment(declaration) || ts.isPropertySignature(declaration)) &&
        'initializer' in declaration &&
        declaration.initializer
      ) {
        follow(declaration.initializer, seen);
      } else {
        unfollow(node);
      }
    } else if (ts.isCallExpression(node)) {
      const declaration = checker.getResolvedSignature(node)?.getDeclaration();
      if (declaration?.body && isScanned(declaration.getSourceFile().fileName)) {
        const visit = (child) => {
          if (ts.isReturnStatement(child) && child.expression) follow(child.expression, seen);
          else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
        };
        if (ts.isBlock(declaration.body)) visit(declaration.body);
        else follow(declaration.body, seen);
      } else {
        unfollow(node);
      }
    } else {
      unfollow(node);
    }
  }

  /** An object literal's `message` / `error` words (zod's `{ error }`, the plugin's `{ message }`). */
  function followProperty(property) {
    if (
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      MESSAGE_PROPERTIES.has(property.name.text) &&
      checker.getTypeAtLocation(property.initializer).flags & ts.TypeFlags.StringLike
    ) {
      follow(property.initializer);
    }
  }

  /** The object literal a function returns as it is: `return { message }` or `() => ({ message })`. */
  function answeredObject(node) {
    let returned;
    if (ts.isReturnStatement(node)) returned = node.expression;
    else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) returned = node.body;
    while (returned && ts.isParenthesizedExpression(returned)) returned = returned.expression;
    return returned && ts.isObjectLiteralExpression(returned) ? returned : undefined;
  }

  for (const file of program.getSourceFiles()) {
    if (!isScanned(file.fileName) || isInternal(file.fileName)) continue;
    const visit = (node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const signature = checker.getResolvedSignature(node);
        const logged =
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          LOG_LEVELS.has(node.expression.name.text);
        const callee = signature?.getDeclaration()?.getSourceFile().fileName ?? '';
        const answered = !logged && (isZod(callee) || (isScanned(callee) && !isInternal(callee)));
        const parameters = signature?.getParameters() ?? [];
        (node.arguments ?? []).forEach((argument, index) => {
          const name = parameters[index]?.getName();
          if (!answered || !name || !MESSAGE_PARAMETERS.has(name)) return;
          if (ts.isObjectLiteralExpression(argument)) {
            for (const property of argument.properties) followProperty(property);
          } else if (checker.getTypeAtLocation(argument).flags & ts.TypeFlags.StringLike) {
            follow(argument);
          }
        });
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          ['send', 'addIssue'].includes(node.expression.name.text)
        ) {
          for (const argument of node.arguments) {
            if (!ts.isObjectLiteralExpression(argument)) continue;
            for (const property of argument.properties) followProperty(property);
          }
        }
      } else if (answeredObject(node)) {
        // a success answer's words, { message } returned by a route or the service it calls
        for (const property of answeredObject(node).properties) followProperty(property);
      } else if (
        // an error's shape, { statusCode, message } (the rate limit's answer), or a failed
        // check's, { ok: false, message } or { valid: false, message } (the shop import's file
        // and hours, checkHours: read in the browser too)
        ts.isObjectLiteralExpression(node) &&
        node.properties.some(
          (property) =>
            ts.isPropertyAssignment(property) &&
            ts.isIdentifier(property.name) &&
            (property.name.text === 'statusCode' ||
              (['ok', 'valid'].includes(property.name.text) &&
                property.initializer.kind === ts.SyntaxKind.FalseKeyword)),
        )
      ) {
        for (const property of node.properties) followProperty(property);
      } else if (
        ts.isParameter(node) &&
        node.initializer &&
        ts.isIdentifier(node.name) &&
        MESSAGE_PARAMETERS.has(node.name.text)
      ) {
        follow(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { messages, unfollowed };
}

const placeholders = (text) =>
  [...text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)]
    .map((found) => found[1])
    .sort()
    .join(',');

/**
 * What is wrong with the API's translations (src/server/i18n/api, or API_CATALOGS): a message
 * the code answers with that a catalog lacks, one the code no longer has, a translation whose
 * placeholders differ, and a place whose words the scan cannot follow.
 */
export function apiCatalogProblems(
  catalogsDir = path.join(root, 'src/server/i18n/api'),
  { messages, unfollowed } = apiMessages(),
) {
  const problems = unfollowed.map(
    (place) => `${place}: its words cannot be followed (scripts/api-messages.mjs FORWARDED)`,
  );
  for (const file of fs.readdirSync(catalogsDir).filter((name) => name.endsWith('.json'))) {
    const catalog = JSON.parse(fs.readFileSync(path.join(catalogsDir, file), 'utf8'));
    for (const [text, at] of messages) {
      if (!(text in catalog)) problems.push(`api/${file} lacks ${JSON.stringify(text)} (${at})`);
    }
    for (const [text, translation] of Object.entries(catalog)) {
      if (!messages.has(text)) problems.push(`api/${file} has unused ${JSON.stringify(text)}`);
      else if (placeholders(text) !== placeholders(translation)) {
        problems.push(`api/${file}: the placeholders of ${JSON.stringify(text)} differ`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv[2] === 'check') {
    const problems = apiCatalogProblems(process.env.API_CATALOGS);
    if (problems.length > 0) {
      console.error(`The API's messages (src/server/i18n/api):\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
  } else {
    // The list, to read while translating.
    const { messages, unfollowed } = apiMessages();
    for (const [text, at] of messages) console.log(`${at}\t${JSON.stringify(text)}`);
    for (const place of unfollowed) console.error(`not followed: ${place}`);
  }
}
