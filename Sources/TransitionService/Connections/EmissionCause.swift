/// Why the hub hands out emissions: what a request (or a closed connection) caused goes
/// out at once; a realtime round of ticks waits for the response of a batch its reader is
/// in the middle of (Protocol 3.4: such ticks follow the response array).
enum EmissionCause {
    case request
    case pacing
}
