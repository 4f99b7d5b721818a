/**
 * The sandbox tests' shared set-up for calls between browser phones: one sandbox for the test file,
 * phones opened by a test closed after it, and a call placed and answered in one step.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SandboxEngineOptions } from './sandbox-engine';
import { startSandbox, type SandboxKit, type ScriptedPhone } from './testing';

export interface SandboxCalls {
  /** The file's sandbox (available from the first test on). */
  readonly kit: SandboxKit;
  /** Phones logged in as these extensions of the office, in order; closed when the test ends. */
  phones<const E extends string[]>(...extensions: E): Promise<{ [K in keyof E]: ScriptedPhone }>;
}

/** Starts a sandbox before the file's tests and closes it after them. */
export function useSandboxCalls(options: Partial<SandboxEngineOptions> = {}): SandboxCalls {
  let kit: SandboxKit | undefined;
  const open: ScriptedPhone[] = [];
  beforeAll(async () => {
    kit = await startSandbox(options);
  });
  afterEach(() => {
    for (const phone of open.splice(0)) phone.close();
  });
  afterAll(() => kit?.close());
  const calls: SandboxCalls = {
    get kit() {
      if (!kit) throw new Error('the sandbox starts in beforeAll');
      return kit;
    },
    async phones<const E extends string[]>(...extensions: E) {
      const phones = await Promise.all(extensions.map((extension) => calls.kit.phone(extension)));
      open.push(...phones);
      return phones as { [K in keyof E]: ScriptedPhone };
    },
  };
  return calls;
}

/** `from` calls `to`'s extension and `to` answers; returns both call ids. */
export async function connected(from: ScriptedPhone, to: ScriptedPhone, extension: string) {
  const callID = await from.dial(extension, `v=0 offer ${from.login}`);
  const rung = String((await to.next('verto.invite')).params.callID);
  await to.answer(rung, `v=0 answer ${to.login}`);
  await from.next('verto.answer', callID);
  // Once answered, each side is told who the other is (as FreeSWITCH does); later displays are news.
  await from.next('verto.display', callID);
  await to.next('verto.display', rung);
  return { callID, rung };
}
