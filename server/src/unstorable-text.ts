/** Text PostgreSQL cannot store, found in any API's input before it reaches the database (auth, storage, REST URLs). */

/** PostgreSQL stores neither a NUL character nor half of a UTF-16 surrogate pair (invalid in UTF-8, refused by jsonb). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** A step into a JSON value, linked to its parent so that deep nesting costs no copying. */
interface JsonStep {
  value: unknown;
  key: string;
  parent: JsonStep | undefined;
}

function stepPath(step: JsonStep): string {
  const keys: string[] = [];
  for (let at: JsonStep | undefined = step; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Where in a parsed JSON value a string PostgreSQL cannot store is (a key or a value), as a path such as `data.name`
 * or `data.tags.2` (`''` for the value itself); undefined when everything can be stored. Walked without recursion, as
 * a 64 KB body can nest thousands of levels deep.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const pending: JsonStep[] = [{ value, key: '', parent: undefined }];
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return stepPath(step);
      continue;
    }
    const entries = Array.isArray(current)
      ? current.map((item: unknown, index) => [String(index), item] as const)
      : typeof current === 'object' && current !== null
        ? Object.entries(current)
        : [];
    for (const [key, item] of entries) {
      const child: JsonStep = { value: item, key, parent: step };
      if (isUnstorable(key)) return stepPath(child);
      pending.push(child);
    }
  }
  return undefined;
}
