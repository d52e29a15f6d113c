/// Handling notifications (never answered).
extension Dispatcher {
    /// Applies one notification: `exit` at any time; others only while initialized.
    mutating func handle(_ notification: NotificationMessage, extra: inout [Outgoing]) {
        let method = notification.method
        if method == ExitNotification.method {
            let code: Int32 = lifecycle == .shutDown ? 0 : 1
            lifecycle = .exited
            extra.append(.exit(code: code))
            return
        }
        guard lifecycle == .initialized else {
            let when = lifecycle == .uninitialized ? "before initialize" : "after shutdown"
            extra.append(.diagnostic("dropped notification \(method) \(when)"))
            return
        }
        let params = JSONCursor(notification.params)
        switch method {
        case CancelRequestNotification.method:
            do throws(JSONDecodingError) {
                cancellations.cancel(try CancelRequestNotification(json: params).id)
            } catch {
                extra.append(.diagnostic("dropped notification \(method): \(error.description)"))
            }
            return
        case SetTraceNotification.method:
            do throws(JSONDecodingError) {
                trace = try SetTraceNotification(json: params).value
            } catch {
                extra.append(.diagnostic("dropped notification \(method): \(error.description)"))
                return
            }
        default:
            break
        }
        if let handler = registry.notificationHandler(for: method) {
            if let error = handler(params, connection, &extra) {
                extra.append(.diagnostic("dropped notification \(method): \(error.description)"))
            }
        } else if !method.hasPrefix("$/") && method != InitializedNotification.method {
            extra.append(.diagnostic("ignored unknown notification \(method)"))
        }
    }
}
