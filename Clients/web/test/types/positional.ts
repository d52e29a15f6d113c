// The older positional form, which the declarations refuse (test/types.test.mjs).
import { TransitionClient } from "../../transitiond";

export async function positional(client: TransitionClient): Promise<void> {
  await client.status("s1");
}
