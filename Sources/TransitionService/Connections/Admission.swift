/// Whether a new connection fits its transport's budget (`ConnectionHub.admission`).
package enum Admission {
    case admit
    /// The budget is full: the oldest connection that has not shown the token makes
    /// room (someone who merely opened a TCP connection cannot lock out those who can).
    case admitEvicting(Connection)
    /// The budget is full of connections that proved who they are.
    case refuse
}
