import WebTransport

/// The name of the file a durable session's state is kept in, inside the state
/// directory: a safe spelling of the session's name, the same for the same name.
///
/// ASCII letters, digits, `-` and `_` stand for themselves; every other byte of the
/// name's UTF-8 is written `%XX` (upper-case hex), so no name makes a hidden file, a
/// path or `..`. A spelling longer than `maximumStemLength` bytes (names of many
/// non-ASCII characters) keeps its first part and ends in `~` and the SHA-1 of the name
/// in hex, so every file name stays under the 255 bytes file systems allow.
package enum SessionStateFile {
    /// The suffix of every state file.
    package static let suffix = ".json"
    /// Added to a file that cannot be restored, which is then left alone.
    package static let corruptSuffix = ".corrupt"
    /// Added to a file being written, until it is renamed over the state file.
    package static let temporarySuffix = ".tmp"
    static let maximumStemLength = 200
    static let keptStemLength = 150

    /// The file name (without a directory) for the session called `name`.
    /// - Complexity: O(n) in the name's UTF-8 bytes.
    package static func fileName(for name: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var stem: [UInt8] = []
        var boundaries: [Int] = []
        for byte in name.utf8 {
            boundaries.append(stem.count)
            if isKept(byte) {
                stem.append(byte)
            } else {
                stem.append(UInt8(ascii: "%"))
                stem.append(hex[Int(byte >> 4)])
                stem.append(hex[Int(byte & 15)])
            }
        }
        if stem.count > maximumStemLength {
            // Cut between two bytes' spellings, never inside a %XX.
            let cut = boundaries.last { $0 <= keptStemLength } ?? 0
            stem.removeSubrange(cut...)
            stem.append(UInt8(ascii: "~"))
            for byte in SHA1.digest(Array(name.utf8)) {
                stem.append(hex[Int(byte >> 4)])
                stem.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: stem, as: UTF8.self) + suffix
    }

    /// Whether `fileName` names a state file (not a set-aside or temporary one).
    package static func isStateFile(_ fileName: String) -> Bool {
        fileName.hasSuffix(suffix) && fileName.utf8.count > suffix.utf8.count
            && !fileName.hasPrefix(".")
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
