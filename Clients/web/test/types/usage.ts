// Every shortcut of transitiond.d.ts as the README writes it; test/types.test.mjs
// type-checks this file with `tsc --strict --lib es2022,dom` (the settings the README
// gives), so a signature that drifts from the README fails.
import { TransitionClient, attributeObjects, ConnectionClosedError, type Tick } from "../../transitiond";

export async function everyShortcut(url: string): Promise<void> {
  const client = await TransitionClient.connect(url, { initializationOptions: { unknownMembers: "refuse" } });
  const { session } = await client.createSession({
    viewport: { width: 375, height: 667 }, sections: [{ items: 10 }], layout: { type: "list", rowHeight: 60 },
  });
  await client.updateSession({ session, layout: { type: "list", rowHeight: 44 } });
  await client.scroll({ session, contentOffset: { x: 0, y: 10 } });
  await client.attributes({ session });
  const { sessions } = await client.listSessions();
  await client.subscribe({ session: sessions[0].session });
  await client.subscribe({ name: "preview" });
  await client.unsubscribe({ session });
  await client.start({ session, to: { type: "grid", columns: 2 }, interactive: true });
  await client.scrub({ session, progress: 0.5 });
  await client.sample({ session, progress: 0.25 });
  await client.status({ session });
  await client.release({ session, velocity: 2 });
  await client.retarget({ session, to: { type: "list", rowHeight: 60 } });
  await client.finish({ session });
  await client.cancel({ session, duration: 0.2 });
  await client.cancelInPlace({ session });
  await client.export({ session, to: { type: "grid", columns: 2 }, format: "css" });
  await client.advance({ session, by: 0.1 });
  await client.disposeSession({ session });
  for await (const tick of client.ticks(session, { untilEnd: true })) {
    const first: Tick = tick;
    attributeObjects(first.attributes).map((a) => a.id ?? a.item);
  }
  await client.shutdown().catch((e: unknown) => e instanceof ConnectionClosedError);
}
