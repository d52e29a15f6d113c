import TransitionEngine

/// One animated or static style property of an element, in CSS and in Web Animations
/// spelling.
struct StyleProperty: Equatable {
    var css: String
    var js: String
    var value: String
}
