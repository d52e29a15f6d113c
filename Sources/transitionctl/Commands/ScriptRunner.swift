import CommandLineSpec
import JSONRPC
import TransitionFilm

#if canImport(Glibc)
    import Glibc
#endif

/// Performs script lines and keeps what waits need: the didEnds not yet taken and the
/// ticks since the last wait.
struct ScriptRunner {
    let client: DaemonClient
    let keepGoing: Bool
    private(set) var failed = false
    private var didEnds: [JSONValue] = []
    /// The id of the next request that names none: 1, 2, 3 ...
    private var nextID: Int64 = 1
    private var ticks: [JSONValue] = []

    init(client: DaemonClient, keepGoing: Bool) {
        self.client = client
        self.keepGoing = keepGoing
    }

    /// Prints a notification and remembers it for waits.
    mutating func show(_ n: Notification) {
        Console.line(n.message.jsonText)
        if n.isDidEnd { didEnds.append(n.params ?? .null) }
        if n.isTick { ticks.append(n.params ?? .null) }
    }

    /// Performs one line.
    /// - Returns: `false` when the script must stop (the error is already reported).
    mutating func perform(_ line: String, number: Int) throws -> Bool {
        let text = line.drop { $0 == " " || $0 == "\t" }
        if text.isEmpty || text.hasPrefix("#") { return true }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: String(text))
        } catch {
            return report("line \(number): not JSON: \(error)")
        }
        guard case .object(let object) = value else {
            return report("line \(number): expected a JSON object")
        }
        if let wait = object["wait"] {
            guard let kind = wait.stringValue, kind == "didEnd" || kind == "tick" else {
                return report("line \(number): \"wait\" takes \"didEnd\" or \"tick\"")
            }
            return try self.wait(kind, object, number: number)
        }
        if let sleep = object["sleep"] {
            guard let seconds = sleep.doubleValue, seconds >= 0 else {
                return report("line \(number): \"sleep\" takes a number of seconds >= 0")
            }
            try drain(until: MonotonicClock.now + seconds)
            return true
        }
        guard let method = object["method"]?.stringValue else {
            return report("line \(number): expected \"method\", \"wait\" or \"sleep\"")
        }
        let params = object["params"]
        if let params {
            switch params {
            case .object, .array: break
            default: return report("line \(number): \"params\" must be an object or an array")
            }
        }
        if object["notification"]?.boolValue == true {
            try client.notify(method, params)
            return true
        }
        var id = RequestID.integer(nextID)
        if let given = object["id"] {
            guard let valid = RequestID(json: given), !given.isNull else {
                return report("line \(number): \"id\" must be a string or an integer")
            }
            id = valid
        } else {
            nextID += 1
        }
        var shown: [Notification] = []
        let (response, message) = try client.requestMessage(method, params, id: id) {
            shown.append($0)
        }
        for n in shown { show(n) }
        Console.line(message.jsonText)
        if case .failure(let error) = response.outcome {
            failed = true
            Console.error(
                "Error: line \(number): \(method): \(error.message) (code \(error.code.rawValue))")
            if !keepGoing { return false }
        }
        return true
    }

    private mutating func wait(_ kind: String, _ object: JSONObject, number: Int) throws -> Bool {
        let session = object["session"]?.stringValue
        let transition = object["transition"]?.stringValue
        func matches(_ params: JSONValue) -> Bool {
            (session == nil || params["session"]?.stringValue == session)
                && (transition == nil || params["transition"]?.stringValue == transition)
        }
        let limit = object["timeout"]?.doubleValue ?? client.timeout
        let deadline = MonotonicClock.now + limit
        while true {
            if kind == "didEnd", let i = didEnds.firstIndex(where: matches) {
                didEnds.remove(at: i)
                ticks = []
                return true
            }
            if kind == "tick", ticks.contains(where: matches) {
                ticks = []
                return true
            }
            switch try client.poll(until: deadline) {
            case .notification(let n): show(n)
            case .response(_, let message): Console.line(message.jsonText)
            case .inputReady: break
            case .timeout:
                return report(
                    "line \(number): no transition/\(kind) within \(Format.seconds(limit)) s")
            }
        }
    }

    /// Prints what arrives until `deadline`.
    private mutating func drain(until deadline: Double) throws {
        while true {
            switch try client.poll(until: deadline) {
            case .notification(let n): show(n)
            case .response(_, let message): Console.line(message.jsonText)
            case .inputReady: break
            case .timeout: return
            }
        }
    }

    private mutating func report(_ message: String) -> Bool {
        failed = true
        Console.error("Error: \(message)")
        return keepGoing
    }
}
