import TrellisSolver
import TrellisTestSupport

/// A feed of text rows on the vertical axis, as the solver's tests lay it out: rows chained 8 pt
/// apart under a root at 0, each an avatar and a text whose measured height is held by its
/// compression (`text >= height`) and hugging (`text <= height - gap`) rows, the row as tall as
/// the taller of them and hugging its content; every row of one shape.
struct TextFeed {
    var constraints: [Constraint] = []
    /// The root's top, then per row its top and height, the avatar's and the text's.
    var variables: [Variable] = []
    /// Each text's compression and hugging rows.
    var texts: [(low: Constraint, high: Constraint)] = []

    init(heights: [Double], compression: Priority = .defaultHigh, hugging: Priority = .defaultLow,
         rowHugging: Priority = .fittingSizeLevel, gap: Double = 0, avatarOffset: Double = 4, textOffset: Double = 2,
         avatar: Double = 48, preferred: (height: Double, priority: Priority)? = nil,
         huggingOfRow: ((Int) -> Priority)? = nil) {
        let rootTop = Variable("root.top")
        variables.append(rootTop)
        constraints.append(rootTop == 0)
        var above = LinearExpression(rootTop)
        for (i, height) in heights.enumerated() {
            let top = Variable("row\(i).top"), rowHeight = Variable("row\(i).height")
            let avatarTop = Variable("row\(i).avatar.top"), avatarHeight = Variable("row\(i).avatar.height")
            let textTop = Variable("row\(i).text.top"), textHeight = Variable("row\(i).text.height")
            variables += [top, rowHeight, avatarTop, avatarHeight, textTop, textHeight]
            let low = (textHeight >= height) ~~ .priority(compression)
            let high = (textHeight <= height - gap) ~~ .priority(huggingOfRow?(i) ?? hugging)
            texts.append((low, high))
            constraints += [top == above + 8, low, high, avatarTop == top + avatarOffset, textTop == top + textOffset,
                            avatarHeight == avatar, top + rowHeight >= avatarTop + avatarHeight,
                            top + rowHeight >= textTop + textHeight, (rowHeight == 0) ~~ .priority(rowHugging)]
            if let preferred { constraints.append((textHeight == preferred.height) ~~ .priority(preferred.priority)) }
            above = top + rowHeight
        }
    }

    /// One of the priorities the random feeds are made of (no required one: the intrinsic rows
    /// of a text may contradict each other).
    static func randomPriority(_ rng: inout SplitMix) -> Priority {
        let priorities: [Priority] = [.init(rawValue: 1), .fittingSizeLevel, .defaultLow, .init(rawValue: 500),
                                      .defaultHigh, .init(rawValue: 999)]
        return priorities[rng.below(priorities.count)]
    }

    /// Row `i`'s text height.
    func textHeight(ofRow i: Int) -> Variable { variables[1 + 6 * i + 5] }
}
