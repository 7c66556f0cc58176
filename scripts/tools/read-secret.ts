/**
 * Reads a password from standard input for a command: in a terminal, asked for without echoing what is typed (and
 * asked twice when choosing one); from a pipe or a file (`printf '%s\n' "$PASSWORD" | ...`), its first line. A
 * password never comes from the command line, where it would stay in the shell's history and the process list.
 */

class SecretInputError extends Error {}

/** Everything piped in; its one line without the line break (a second line is refused, not guessed about). */
async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const [line, ...rest] = text.split(/\r?\n/);
  if (rest.some((more) => more !== ''))
    throw new SecretInputError('standard input has more than one line: give the password alone, on one line');
  if (line === '') throw new SecretInputError('no password on standard input');
  return line;
}

/**
 * Lines typed in the terminal, one after each prompt, echoing nothing; Ctrl+C stops the command. One reading for all
 * of them: a paste of both lines at once arrives as one chunk, and its second line must not be lost between prompts.
 */
function readTyped(prompts: string[]): Promise<string[]> {
  const stdin = process.stdin;
  const lines: string[] = [];
  let typed = '';
  // Raw mode before the prompt: what is typed once the prompt shows is never echoed.
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  process.stderr.write(prompts[0]);
  return new Promise((resolve, reject) => {
    const finish = (result: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      result();
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === '\r' || char === '\n') {
          lines.push(typed);
          typed = '';
          process.stderr.write('\n');
          if (lines.length === prompts.length) return finish(() => resolve(lines));
          process.stderr.write(prompts[lines.length]);
        } else if (char === '\u0003') return finish(() => reject(new SecretInputError('stopped (Ctrl+C); nothing was changed')));
        else if (char === '\u0004' && typed === '') return finish(() => reject(new SecretInputError('no password typed')));
        else if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The password; `confirm`: in a terminal, typed twice and refused unless both match. */
export async function readSecret(prompt: string, { confirm }: { confirm: boolean }): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const [first, second = first] = await readTyped(confirm ? [prompt, 'Once more, to be sure: '] : [prompt]);
  if (second !== first) throw new SecretInputError('the two passwords differ; nothing was changed');
  return first;
}
