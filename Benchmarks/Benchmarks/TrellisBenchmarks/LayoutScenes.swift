import Trellis

/// View trees for layout-level benchmarks, written with the Tails DSL.
enum LayoutScenes {
    /// `count` boxes in a row, 8 apart, preferring 40 wide, squeezed into a root of 30 points per
    /// box (the boxes want 48 with their gap and need at least 12, so the row is feasible at
    /// every count and the boxes give way).
    static func chain(_ count: Int) -> View {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 16 + 30 * Double(count), height: 100)
        var previous: View?
        for index in 0..<count {
            let box = View(id: "box\(index)")
            root.addSubview(box)
            Tails.install(
                box~.top == 8,
                box~.height == 40,
                box~.width >= 4,
                box~.width == 40 ~~ .defaultLow
            )
            if let previous {
                Tails.install(box~.left == previous~.right + 8)
            } else {
                Tails.install(box~.left == 8)
            }
            previous = box
        }
        if let previous { Tails.install(previous~.right <= root~.right - 8) }
        return root
    }

    /// A vertical feed of `cells` cells: avatar, title, body and a row of two buttons each,
    /// with intrinsic sizes, hugging and compression resistance.
    static func feed(cells: Int) -> View {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 375, height: 800)
        var above: View?
        for index in 0..<cells {
            let cell = View(id: "cell\(index)")
            let avatar = View(id: "cell\(index).avatar")
            let title = View(id: "cell\(index).title")
            let body = View(id: "cell\(index).body")
            let like = View(id: "cell\(index).like")
            let share = View(id: "cell\(index).share")
            title.intrinsicContentSize = Size(width: 120 + Double(index % 5) * 20, height: 20)
            body.intrinsicContentSize = Size(width: 260, height: 40 + Double(index % 3) * 16)
            like.intrinsicContentSize = Size(width: 48, height: 28)
            share.intrinsicContentSize = Size(width: 56, height: 28)
            root.addSubview(cell)
            for view in [avatar, title, body, like, share] { cell.addSubview(view) }
            Tails.install(
                cell~.left.right == root~,
                avatar~.top.left == 12,
                avatar~.size == Size(width: 40, height: 40),
                title~.left == avatar~.right + 8,
                title~.top == avatar~,
                title~.right <= cell~.right - 12,
                body~.left == title~,
                body~.top == title~.bottom + 4,
                body~.right <= cell~.right - 12,
                like~.left == body~,
                like~.top == body~.bottom + 8,
                share~.left == like~.right + 8,
                share~.top == like~,
                cell~.bottom == like~.bottom + 12
            )
            if let above {
                Tails.install(cell~.top == above~.bottom)
            } else {
                Tails.install(cell~.top == 0)
            }
            above = cell
        }
        return root
    }
}
