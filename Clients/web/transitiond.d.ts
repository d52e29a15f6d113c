// Type declarations of transitiond.js. Each interface tagged `@schema` names the JSON
// Schema in Protocol/schema it mirrors: the tests (Clients/web/test) check that its
// members, and which of them are required, are exactly the schema's.

// ---------------------------------------------------------------------------
// Basic structures (Protocol/README.md section 7)

/** @schema defs.json#/$defs/point */
export interface Point { x: number; y: number }
/** @schema defs.json#/$defs/size */
export interface Size { width: number; height: number }
/** @schema defs.json#/$defs/rect */
export interface Rect { x: number; y: number; width: number; height: number }
/** @schema defs.json#/$defs/insets */
export interface Insets { top?: number; left?: number; bottom?: number; right?: number }
/** @schema defs.json#/$defs/section */
export interface Section { items: number; ids?: Array<string | number>; sizes?: Array<[number, number]> }

export type ValuesInput = Record<string, number | string | boolean | number[] | { [key: string]: unknown }>;
export type ValuesOutput = Record<string, number | number[] | string | boolean>;

/** @schema defs.json#/$defs/layoutCommon */
export interface LayoutCommon {
  values?: ValuesInput;
  accessory?: ValuesInput;
  state?: string;
  itemStyles?: ItemStyleRule[];
  /** The style of every cell of the layout, under `itemStyles`. */
  cellStyle?: ItemStyle;
}
/** A transform by components, interpolated component by component (rotation in radians). */
export interface ItemTransform { scale?: number; scaleX?: number; scaleY?: number; rotation?: number; translateX?: number; translateY?: number }
/** @schema defs.json#/$defs/itemStyle */
export interface ItemStyle {
  alpha?: number;
  zIndex?: number;
  transform?: ItemTransform;
  values?: ValuesInput;
  /** Points of the element's own frame: one for the four corners, or [topLeft, topRight, bottomRight, bottomLeft]. */
  cornerRadius?: CornerRadius;
  border?: BorderInput;
  shadow?: ShadowInput;
}
/** @schema defs.json#/$defs/cornerRadiusInput */
export type CornerRadius = number | [number, number, number, number];
/** @schema defs.json#/$defs/borderInput */
export interface BorderInput { width: number; color?: string }
/** @schema defs.json#/$defs/shadowInput */
export interface ShadowInput { radius?: number; opacity?: number; offset?: Point; color?: string }
/** @schema defs.json#/$defs/borderOutput */
export interface Border { width: number; color: string }
/** @schema defs.json#/$defs/shadowOutput */
export interface Shadow { radius: number; opacity: number; offset: Point; color: string }
/** How matched elements' content fades from the source's to the destination's (Protocol 10.1). */
export type ContentFade = "none" | "in" | "out" | "cross" | "through";
/** What an element's content does while its size animates (Protocol 10.1). */
export type ContentResize = "remeasure" | "scale";
/** Styles items by index path or by id; later rules win, member by member. */
export type ItemStyleRule = ItemStyle & { kind?: string } & ({ items: Array<[number, number]> } | { ids: Array<string | number> });
/** An element kind: "cell", "header", "footer", or a name a layout gives (Protocol 6.4). */
export type ElementKind = "cell" | "header" | "footer" | (string & {});
/** @schema defs.json#/$defs/attachedSupplementary */
export interface AttachedSupplementary extends ItemStyle {
  kind: string;
  attach: "item" | "section";
  size?: Size;
  anchor?: Point;
  offset?: Point;
  items?: Array<[number, number]>;
}
/** @schema defs.json#/$defs/supplementaryItem */
export interface SupplementaryItem extends ItemStyle {
  kind: string;
  indexPath: [number, number];
  frame: [number, number, number, number];
}
/** @schema defs.json#/$defs/flowLayout */
export interface FlowLayout extends LayoutCommon {
  type: "flow";
  itemSize?: Size;
  minimumLineSpacing?: number;
  minimumInteritemSpacing?: number;
  sectionInset?: Insets;
  headerReferenceSize?: Size;
  footerReferenceSize?: Size;
  scrollDirection?: "vertical" | "horizontal";
  supplementary?: AttachedSupplementary[];
}
/** @schema defs.json#/$defs/listLayout */
export interface ListLayout extends LayoutCommon {
  type: "list";
  rowHeight: number;
  spacing?: number;
  inset?: Insets;
  headerHeight?: number;
  footerHeight?: number;
  supplementary?: AttachedSupplementary[];
}
/** @schema defs.json#/$defs/gridLayout */
export interface GridLayout extends LayoutCommon {
  type: "grid";
  columns: number;
  spacing?: number;
  lineSpacing?: number;
  inset?: Insets;
  aspectRatio?: number;
  itemHeight?: number;
  headerHeight?: number;
  footerHeight?: number;
  supplementary?: AttachedSupplementary[];
}
/** @schema defs.json#/$defs/displaySwitchLayout */
export interface DisplaySwitchLayout extends LayoutCommon {
  type: "displaySwitch";
  mode: "list" | "grid";
  staticCellHeight: number;
  columns?: number;
  padding?: number;
  supplementary?: AttachedSupplementary[];
}
export interface ExplicitLayout extends LayoutCommon {
  type: "explicit";
  contentSize?: Size;
  frames: Array<[number, number, number, number] | number[]>;
  supplementary?: SupplementaryItem[];
  [member: string]: unknown;
}
export type Layout = FlowLayout | ListLayout | GridLayout | DisplaySwitchLayout | ExplicitLayout;

/** @schema defs.json#/$defs/easingName */
export type EasingName =
  | "linear"
  | "quadraticEaseIn" | "quadraticEaseOut" | "quadraticEaseInOut"
  | "cubicEaseIn" | "cubicEaseOut" | "cubicEaseInOut"
  | "quarticEaseIn" | "quarticEaseOut" | "quarticEaseInOut"
  | "quinticEaseIn" | "quinticEaseOut" | "quinticEaseInOut"
  | "sineEaseIn" | "sineEaseOut" | "sineEaseInOut"
  | "circularEaseIn" | "circularEaseOut" | "circularEaseInOut"
  | "exponentialEaseIn" | "exponentialEaseOut" | "exponentialEaseInOut"
  | "elasticEaseIn" | "elasticEaseOut" | "elasticEaseInOut"
  | "backEaseIn" | "backEaseOut" | "backEaseInOut"
  | "bounceEaseIn" | "bounceEaseOut" | "bounceEaseInOut";

export type Spring =
  | { response: number; dampingFraction: number; mass?: number; initialVelocity?: number }
  | { duration: number; bounce?: number; initialVelocity?: number }
  | { mass?: number; stiffness: number; damping: number; initialVelocity?: number };

/** The CSS timing keywords, accepted wherever timing is taken. */
export type CSSTimingKeyword = "ease" | "ease-in" | "ease-out" | "ease-in-out" | "linear" | "step-start" | "step-end";

export type Timing =
  | EasingName
  | CSSTimingKeyword
  | { easing: EasingName | CSSTimingKeyword }
  | { cubicBezier: [number, number, number, number] }
  | { spring: Spring }
  | { steps: { count: number; position?: "jump-start" | "jump-end" | "jump-both" | "jump-none" | "start" | "end" } }
  | { linear: Array<number | [number, number] | { [key: string]: number }> };

export type ContentOffsetTarget = string | Point | { strategy: string; [member: string]: unknown };

/**
 * One stop of a transition's keyframes (Protocol 7.9): values properties pass through at
 * an element's own progress `at`, each property its own track.
 * @schema defs.json#/$defs/keyframe
 */
export interface Keyframe {
  at: number;
  /** The curve of the segment arriving at this stop (no spring). */
  timing?: Timing;
  alpha?: number;
  scale?: number;
  scaleX?: number;
  scaleY?: number;
  rotation?: number;
  translateX?: number;
  translateY?: number;
  /** A displacement of the element's centre from where it would be at this progress. */
  offset?: { x?: number; y?: number };
  values?: Record<string, number>;
  kind?: string;
  items?: Array<[number, number]>;
  ids?: Array<string | number>;
}

/** The path element centres travel (Protocol 7.10). */
export type MotionPath =
  | "straight"
  | { type: "arc"; direction?: "auto" | "clockwise" | "counterclockwise"; maxAngle?: number };

/** @schema defs.json#/$defs/transitionSpec */
export interface TransitionSpec {
  to?: Layout;
  sections?: Section[];
  viewport?: Size;
  contentInset?: Insets;
  interactive?: boolean;
  duration?: number;
  timing?: Timing;
  contentOffset?: ContentOffsetTarget;
  stagger?: { [member: string]: unknown };
  appear?: string | { [member: string]: unknown };
  disappear?: string | { [member: string]: unknown };
  colorSpace?: string;
  discreteSwitch?: number;
  keyframes?: Keyframe[];
  path?: MotionPath;
  /** Which version plays: "auto" (default) follows the session's reducedMotion (Protocol 7.11). */
  motion?: Motion;
  /** Seconds a reduced transition lasts (default 0.2), instead of `duration`. */
  reducedDuration?: number;
  contentFade?: ContentFade;
  contentResize?: ContentResize;
}

/** @schema defs.json#/$defs/motion */
export type Motion = "auto" | "full" | "reduced";
/** @schema defs.json#/$defs/playedMotion */
export type PlayedMotion = "full" | "reduced";

// ---------------------------------------------------------------------------
// Attributes and ticks (sections 8 and 11)

/** @schema defs.json#/$defs/attributeObject */
export interface AttributeObject {
  kind: ElementKind;
  section: number;
  item: number;
  id?: string | number;
  frame: Rect;
  alpha: number;
  zIndex: number;
  hidden?: true;
  transform?: number[] | { [member: string]: number };
  transitionProgress: number;
  nextFrame?: Rect;
  layoutState: string;
  values?: ValuesOutput;
  /** One number when the four corners are equal. */
  cornerRadius?: CornerRadius;
  border?: Border;
  shadow?: Shadow;
  /** [outgoing, incoming] content opacities, in flight on elements both layouts have. */
  contentAlpha?: [number, number];
  /** [[sx, sy] outgoing, [sx, sy] incoming], with `contentResize: "scale"`. */
  contentScale?: [[number, number], [number, number]];
}

export interface CompactAttributes {
  count: number;
  /** 0 cell, 1 header, 2 footer, 3 and up kinds[code - 3]. */
  kind: number[];
  section: number[];
  item: number[];
  frame: number[];
  alpha: number[];
  zIndex: number[];
  transitionProgress: number[];
  nextFrame: number[];
  layoutState: number[];
  states: string[];
  kinds?: string[];
  id?: Array<string | number | null>;
  hidden?: number[];
  /** 4 per element, null where none. */
  cornerRadius?: Array<number | null>;
  border?: { width: Array<number | null>; color: Array<string | null> };
  /** offset: x, y per element. */
  shadow?: { radius: Array<number | null>; opacity: Array<number | null>; offset: Array<number | null>; color: Array<string | null> };
  /** 2 per element, null where none. */
  contentAlpha?: Array<number | null>;
  /** 4 per element, null where none. */
  contentScale?: Array<number | null>;
  [member: string]: unknown;
}
/** A column of a binary tick: typed array views over the frame, or one shared value. */
export type BinaryColumn =
  | Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array | number;

/** The attributes of a binary session's tick (Protocol 8.3). */
export declare class BinaryAttributes {
  readonly encoding: "binary";
  count: number;
  states: string[];
  kinds?: string[];
  id?: Array<string | number | null>;
  hidden?: number[];
  /** kind, section, item, x, y, width, height, alpha, zIndex, transitionProgress, nextX, nextY, nextWidth, nextHeight, layoutState, transformA ... transformTy. */
  columns: Record<string, BinaryColumn>;
  /** Numbers (NaN where an element lacks one), colours (4 bytes each: red, green, blue, alpha), shared values, or compact's arrays. */
  values: Record<string, BinaryColumn | string | Array<number | string | boolean | null>>;
  /** Column `name` with `count` elements; undefined when absent. */
  column(name: string): Exclude<BinaryColumn, number> | undefined;
  /** The value named `name` of element `i` (a colour as `#rrggbbaa`). */
  value(name: string, i: number): number | string | boolean | undefined;
  /** The elements as objects (what `attributeObjects` gives). */
  objects(): AttributeObject[];
  /** Compact's shape members (cornerRadius, border, shadow, contentAlpha, contentScale; null where none) read from the columns; null when the tick has none. */
  compactShape(): Pick<CompactAttributes, "cornerRadius" | "border" | "shadow" | "contentAlpha" | "contentScale"> | null;
}
export type Attributes = AttributeObject[] | CompactAttributes | BinaryAttributes;

export type SessionState = "idle" | "running" | "paused" | "finishing" | "cancelling";

/** @schema transition.tick.params.json */
export interface Tick {
  session: string;
  transition: string;
  truncated?: true;
  accessory?: ValuesOutput;
  seq: number;
  time: number;
  fraction: number;
  progress: number;
  velocity: number;
  contentOffset: Point;
  attributes: Attributes;
}

/** @schema transition.didEnd.params.json */
export interface DidEnd {
  session: string;
  transition: string;
  completed: boolean;
  finished: boolean;
  reason: string;
  progress: number;
  contentOffset: Point;
  time: number;
}

/** @schema window.logMessage.params.json */
export interface LogMessageParams { type: number; message: string }

// ---------------------------------------------------------------------------
// Requests (sections 4, 9 and 10)

/** @schema initialize.params.json */
export interface InitializeParams {
  processId?: number | null;
  clientInfo?: { name: string; version?: string };
  capabilities?: { [member: string]: unknown };
  initializationOptions?: unknown;
  trace?: "off" | "messages" | "verbose";
}
/** @schema initialize.result.json */
export interface InitializeResult {
  capabilities: { [member: string]: unknown };
  serverInfo: { name: string; version: string };
}

/** @schema session.create.params.json */
export interface SessionCreateParams {
  viewport: Size;
  contentInset?: Insets;
  sections: Section[];
  layout: Layout;
  contentOffset?: Point | { [member: string]: unknown };
  clock?: "realtime" | "manual";
  fps?: number;
  encoding?: "objects" | "compact" | "binary";
  precision?: number;
  keepAlive?: boolean;
  /** Unique among live sessions: other clients subscribe by it. */
  name?: string;
  /**
   * The user asked for reduced motion: transitions with motion "auto" play reduced.
   * `Client.createSession` fills it in a browser from
   * `matchMedia("(prefers-reduced-motion: reduce)")` when not given; elsewhere the
   * daemon's default is false.
   */
  reducedMotion?: boolean;
}
/** @schema defs.json#/$defs/textPosition */
export interface TextPosition { line: number; character: number }

/** @schema defs.json#/$defs/documentDiagnostic */
export interface DocumentDiagnostic {
  range: { start: TextPosition; end: TextPosition };
  severity: 1 | 2;
  code: number;
  source: "transitiond";
  message: string;
  data?: { field: string };
}

/** @schema document.check.result.json */
export interface DocumentCheckResult {
  valid: boolean;
  diagnostics: DocumentDiagnostic[];
  olderForm?: true;
  document?: { session: SessionCreateParams; transition: Omit<TransitionStartParams, "session"> };
  summary?: { duration: number; fromContentSize: Size; toContentSize: Size; fromContentOffset: Point; toContentOffset: Point };
}

/** @schema session.create.result.json */
export interface SessionCreateResult { session: string; name?: string; contentSize: Size; contentOffset: Point }

/** @schema session.update.params.json */
export interface SessionUpdateParams {
  session: string;
  viewport?: Size;
  contentInset?: Insets;
  sections?: Section[];
  layout?: Layout;
  /** May change while a transition is in flight: the next transition follows it. */
  reducedMotion?: boolean;
}
/** @schema defs.json#/$defs/restingState */
export interface RestingState { contentSize: Size; contentOffset: Point }

/** @schema session.scroll.params.json */
export interface SessionScrollParams { session: string; contentOffset: Point }
/** @schema session.scroll.result.json */
export interface SessionScrollResult { contentOffset: Point }

/** @schema session.dispose.params.json */
export interface SessionParams { session: string }

export interface SessionSummary {
  session: string;
  name: string | null;
  /** The processId the owner connection gave in initialize. */
  ownerProcessId: number | null;
  subscribers: number;
  clock: "realtime" | "manual";
  /** How fast its time runs against its clock (clock/setRate). */
  rate: number;
  fps: number;
  encoding: "objects" | "compact" | "binary";
  precision?: number;
  state: SessionState;
  items: number;
  layoutState: string;
  owned: boolean;
  subscribed: boolean;
  keepAlive: boolean;
  reducedMotion: boolean;
  /** The URI of the transition document whose preview it is (Protocol 20.3). */
  document?: string;
}
/** @schema session.list.result.json */
export interface SessionListResult { sessions: SessionSummary[] }

/** @schema session.subscribe.result.json */
export interface SessionSubscribeResult { session: string; name?: string; state: SessionState; contentSize: Size; contentOffset: Point; clock: "realtime" | "manual"; fps: number }

/** @schema layout.attributes.params.json */
export interface LayoutAttributesParams { session: string; rect?: Rect; all?: boolean }
/** @schema layout.attributes.result.json */
export interface LayoutAttributesResult { contentSize: Size; contentOffset: Point; state: string; attributes: Attributes }

/** @schema transition.start.params.json */
export interface TransitionStartParams extends TransitionSpec { session: string; to: Layout }
/** @schema defs.json#/$defs/transitionStarted */
export interface TransitionStarted { transition: string; toContentOffset: Point; toContentSize: Size; duration: number; motion: PlayedMotion }

/** @schema transition.scrub.params.json */
export interface TransitionScrubParams { session: string; progress: number }
/** @schema transition.finish.params.json */
export interface TransitionFinishParams { session: string; duration?: number; timing?: Timing; velocity?: number }

/** @schema defs.json#/$defs/idleStatus */
export interface IdleStatus { session: string; state: "idle"; time: number; rate: number; contentOffset: Point; accessory?: ValuesOutput }
/** @schema defs.json#/$defs/activeStatus */
export interface ActiveStatus {
  session: string;
  state: "running" | "paused" | "finishing" | "cancelling";
  transition: string;
  motion: PlayedMotion;
  time: number;
  rate: number;
  fraction: number;
  progress: number;
  velocity: number;
  contentOffset: Point;
  accessory?: ValuesOutput;
}
export type TransitionStatus = IdleStatus | ActiveStatus;

/** @schema transition.cancelInPlace.result.json */
export interface CancelInPlaceResult { contentSize: Size; contentOffset: Point; progress: number }

/** @schema transition.retarget.params.json */
export interface TransitionRetargetParams extends TransitionSpec { session: string; to: Layout }

/** @schema transition.sample.params.json */
export interface TransitionSampleParams extends TransitionSpec { session: string; progress?: number; time?: number; rect?: Rect; all?: boolean }
/** @schema transition.sample.result.json */
export interface TransitionSampleResult {
  transition?: string;
  fraction: number;
  progress: number;
  contentOffset: Point;
  contentSize: Size;
  accessory?: ValuesOutput;
  attributes: Attributes;
}

/** @schema transition.release.params.json */
export interface TransitionReleaseParams { session: string; velocity?: number; threshold?: number; timing?: Timing; duration?: number }
/** @schema transition.release.result.json */
export interface TransitionReleaseResult extends ActiveStatus {
  decision: "finish" | "cancel";
  projectedProgress: number;
}

/** @schema transition.export.params.json */
export interface TransitionExportParams extends TransitionSpec {
  session: string;
  to: Layout;
  format: "css" | "waapi" | "html" | "svg" | "lottie";
  tolerance?: number;
  fps?: number;
}
/** @schema transition.export.result.json */
export interface TransitionExportResult {
  format: "css" | "waapi" | "html" | "svg" | "lottie";
  mimeType: "text/css" | "application/json" | "text/html" | "image/svg+xml";
  /** A string, or for waapi a list of {selector, keyframes, options} for element.animate. */
  content: string | Array<{ selector: string; keyframes: Array<Record<string, unknown>>; options: { duration: number; delay: number; easing: string; fill: "both" } }>;
  duration: number;
  elementCount: number;
}

/** @schema clock.advance.params.json */
export interface ClockAdvanceParams {
  session: string; by?: number; to?: number;
  /** "brief": the result holds the tick's seq and progress, not its attributes (they come in the notification). */
  reply?: "tick" | "brief";
}

/** @schema clock.setRate.params.json */
export interface ClockSetRateParams { session: string; rate: number }
/** @schema clock.setRate.result.json */
export interface ClockSetRateResult { session: string; rate: number; time: number }

/** The `clock/advance` result with `"reply": "brief"`. */
export interface TickBrief { session: string; transition: string; seq: number; time: number; fraction: number; progress: number }

/** Every request: method -> [params, result]. */
export interface Requests {
  "initialize": [InitializeParams, InitializeResult];
  "shutdown": [undefined, null];
  "session/create": [SessionCreateParams, SessionCreateResult];
  "session/update": [SessionUpdateParams, RestingState];
  "session/scroll": [SessionScrollParams, SessionScrollResult];
  "session/dispose": [SessionParams, null];
  "session/list": [undefined, SessionListResult];
  "session/subscribe": [SessionParams | { name: string }, SessionSubscribeResult];
  "session/unsubscribe": [SessionParams, null];
  "layout/attributes": [LayoutAttributesParams, LayoutAttributesResult];
  "transition/start": [TransitionStartParams, TransitionStarted];
  "transition/status": [SessionParams, TransitionStatus];
  "transition/scrub": [TransitionScrubParams, ActiveStatus];
  "transition/finish": [TransitionFinishParams, ActiveStatus];
  "transition/cancel": [TransitionFinishParams, ActiveStatus];
  "transition/cancelInPlace": [SessionParams, CancelInPlaceResult];
  "transition/retarget": [TransitionRetargetParams, TransitionStarted];
  "transition/sample": [TransitionSampleParams, TransitionSampleResult];
  "transition/release": [TransitionReleaseParams, TransitionReleaseResult];
  "transition/export": [TransitionExportParams, TransitionExportResult];
  "clock/advance": [ClockAdvanceParams, Tick | TickBrief | { session: string; time: number; state: "idle" }];
  "clock/setRate": [ClockSetRateParams, ClockSetRateResult];
  /** The native daemon only: the WebAssembly module answers -32601. */
  "document/check": [{ text: string } | { document: unknown }, DocumentCheckResult];
}

/** Notifications the client sends. */
export interface ClientNotifications {
  "initialized": {};
  "exit": undefined;
  "$/cancelRequest": { id: number | string };
  "$/setTrace": { value: "off" | "messages" | "verbose" };
}

/** Notifications the daemon sends. */
export interface ServerNotifications {
  "transition/tick": Tick;
  "transition/didEnd": DidEnd;
  "window/logMessage": LogMessageParams;
  "$/logTrace": { message: string; verbose?: string };
}

// ---------------------------------------------------------------------------
// The client

export declare const EASINGS: readonly EasingName[];

export declare const ErrorCode: {
  readonly ParseError: -32700;
  readonly InvalidRequest: -32600;
  readonly MethodNotFound: -32601;
  readonly InvalidParams: -32602;
  readonly InternalError: -32603;
  readonly ServerNotInitialized: -32002;
  readonly RequestCancelled: -32800;
  readonly UnknownSession: -32010;
  readonly NoTransition: -32011;
  readonly TransitionInFlight: -32012;
  readonly NotManualClock: -32013;
  readonly LimitReached: -32014;
};

export declare class TransitionError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly method: string | undefined;
  readonly field: string | undefined;
  /** A field error's path: object keys and array indices. */
  readonly path: Array<string | number> | undefined;
  /** A field error's reason. */
  readonly reason: string | undefined;
  static from(error: { code: number; message: string; data?: unknown }, method?: string): TransitionError;
}
export declare class InvalidParamsError extends TransitionError {}
export declare class UnknownSessionError extends TransitionError {}
export declare class NoTransitionError extends TransitionError {}
export declare class TransitionInFlightError extends TransitionError {}
export declare class LimitReachedError extends TransitionError {}
export declare class RequestCancelledError extends TransitionError {}
export declare class ConnectionClosedError extends Error {
  readonly code: number | undefined;
  readonly reason: string | undefined;
}

export interface RequestOptions { signal?: AbortSignal }

/** What the daemon reads of initializationOptions: unknown params members refused (the default) or ignored. */
export interface InitializationOptions { unknownMembers?: "refuse" | "ignore"; [member: string]: unknown }

export interface ConnectOptions {
  /** A WebSocket constructor (Node 20 has none without --experimental-websocket). */
  WebSocket?: new (url: string) => WebSocketLike;
  clientInfo?: { name: string; version?: string };
  /** `initialize`'s initializationOptions (Protocol/README.md 4.2). */
  initializationOptions?: InitializationOptions;
  /** Send initialize/initialized (default true). */
  initialize?: boolean;
  signal?: AbortSignal;
}

/** Options of `TransitionClient.connectLocal`: the in-page engine (WebAssembly). */
export interface LocalConnectOptions {
  /** The module: a URL, bytes or a compiled module (default transitiond.wasm beside transitiond-wasm.js). */
  module?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
  /** The daemon's `--max-*` options without their dashes, e.g. {"max-message-bytes": 1048576}. */
  limits?: Record<string, number>;
  /** "error", "warning" (default), "info" or "debug"; lines go to the console. */
  logLevel?: "error" | "warning" | "info" | "debug";
  clientInfo?: { name: string; version?: string };
  /** Send initialize/initialized (default true). */
  initialize?: boolean;
}

/** What the client needs of a WebSocket (the browser's, Node's, or a shim). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "error" | "close" | "message", listener: (event: any) => void): void;
  removeEventListener(type: "open" | "error" | "close" | "message", listener: (event: any) => void): void;
}

export interface TickOptions {
  signal?: AbortSignal;
  /** Ticks that may wait for a slow consumer; older ones are dropped (default 1). */
  buffer?: number;
  /** End the iteration at the session's didEnd. */
  untilEnd?: boolean;
}

export declare class TransitionClient {
  static connect(url: string, options?: ConnectOptions): Promise<TransitionClient>;
  /** A client on the engine compiled to WebAssembly, in this page or process: no daemon. */
  static connectLocal(options?: LocalConnectOptions): Promise<TransitionClient>;
  constructor(socket: WebSocketLike);
  readonly socket: WebSocketLike;
  serverInfo?: InitializeResult;
  /** Resolves when the connection has closed. */
  readonly closed: Promise<void>;

  initialize(clientInfo?: { name: string; version?: string }, initializationOptions?: InitializationOptions): Promise<InitializeResult>;
  request<M extends keyof Requests>(method: M, params?: Requests[M][0], options?: RequestOptions): Promise<Requests[M][1]>;
  notify<M extends keyof ClientNotifications>(method: M, params?: ClientNotifications[M]): void;
  on<M extends keyof ServerNotifications>(method: M, handler: (params: ServerNotifications[M]) => void): () => void;
  ticks(session: string, options?: TickOptions): AsyncIterableIterator<Tick>;
  didEnd(session: string, transition?: string): Promise<DidEnd>;

  // One convention: shortcut(params, options), params as the method's schema has them.
  createSession(params: Requests["session/create"][0], options?: RequestOptions): Promise<Requests["session/create"][1]>;
  updateSession(params: Requests["session/update"][0], options?: RequestOptions): Promise<Requests["session/update"][1]>;
  scroll(params: Requests["session/scroll"][0], options?: RequestOptions): Promise<Requests["session/scroll"][1]>;
  disposeSession(params: Requests["session/dispose"][0], options?: RequestOptions): Promise<Requests["session/dispose"][1]>;
  listSessions(options?: RequestOptions): Promise<Requests["session/list"][1]>;
  subscribe(params: Requests["session/subscribe"][0], options?: RequestOptions): Promise<Requests["session/subscribe"][1]>;
  unsubscribe(params: Requests["session/unsubscribe"][0], options?: RequestOptions): Promise<Requests["session/unsubscribe"][1]>;
  attributes(params: Requests["layout/attributes"][0], options?: RequestOptions): Promise<Requests["layout/attributes"][1]>;
  start(params: Requests["transition/start"][0], options?: RequestOptions): Promise<Requests["transition/start"][1]>;
  scrub(params: Requests["transition/scrub"][0], options?: RequestOptions): Promise<Requests["transition/scrub"][1]>;
  finish(params: Requests["transition/finish"][0], options?: RequestOptions): Promise<Requests["transition/finish"][1]>;
  cancel(params: Requests["transition/cancel"][0], options?: RequestOptions): Promise<Requests["transition/cancel"][1]>;
  cancelInPlace(params: Requests["transition/cancelInPlace"][0], options?: RequestOptions): Promise<Requests["transition/cancelInPlace"][1]>;
  retarget(params: Requests["transition/retarget"][0], options?: RequestOptions): Promise<Requests["transition/retarget"][1]>;
  release(params: Requests["transition/release"][0], options?: RequestOptions): Promise<Requests["transition/release"][1]>;
  export(params: Requests["transition/export"][0], options?: RequestOptions): Promise<Requests["transition/export"][1]>;
  sample(params: Requests["transition/sample"][0], options?: RequestOptions): Promise<Requests["transition/sample"][1]>;
  status(params: Requests["transition/status"][0], options?: RequestOptions): Promise<Requests["transition/status"][1]>;
  advance(params: Requests["clock/advance"][0], options?: RequestOptions): Promise<Requests["clock/advance"][1]>;
  setRate(params: Requests["clock/setRate"][0], options?: RequestOptions): Promise<Requests["clock/setRate"][1]>;
  shutdown(): Promise<void>;
  close(): Promise<void>;
}

/** Attributes as objects, whatever the session's encoding. */
export declare function attributeObjects(attributes: Attributes): AttributeObject[];

/** The `transition/tick` params a binary frame carries (Protocol 8.3). */
export declare function decodeBinaryTick(data: ArrayBuffer | ArrayBufferView): Tick & { attributes: BinaryAttributes };
