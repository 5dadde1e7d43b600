import Trellis
import TrellisDocument

/// The bundled demo: a profile screen that adapts to its width — a navigation bar, a header with a
/// cover image, avatar, name, handle, follow button, a bio that wraps, three stat tiles in a
/// stack, a feed of three cells in a vertical stack kept inside a content guide, and a tab bar —
/// written as a
/// `layout-document/1` text.
///
/// ```swift
/// let document = try DemoScreen.document()
/// for size in DemoScreen.sizes {
///     let result = try document.makeLayout(width: size.width, height: size.height).layout()
///     print(ASCIIRenderer(columns: 80).render(LayoutPicture(result: result)))
/// }
/// ```
///
/// It shows what a layout document can say: a layout set on the screen puts the header above the
/// feed below 600 points (a phone) and beside it from 600 on (a tablet, the header a 320-point
/// sidebar); the bio and the cells' subtitles are text items that wrap (measured by the text
/// model, or by Pango with `Label.documentView(for:)`); the stat tiles are a `fillEqually`
/// stack and the feed a vertical stack whose cells grow with their text; the cover keeps 4:1 up
/// to 140 points tall. `trellis demo --print-document` prints ``json``, a starting point for your
/// own documents.
enum DemoScreen {
    /// The sizes `trellis demo` lays the screen out at: a phone and a tablet.
    static let sizes: [Size] = [Size(width: 390, height: 844), Size(width: 768, height: 1024)]

    /// The root widths of the demo's page (`demo.html`).
    static let widthRange: ClosedRange<Double> = 320...1024

    /// The document, parsed.
    /// - Throws: ``LayoutDocumentError`` (never in practice: the tests parse it).
    static func document() throws(LayoutDocumentError) -> LayoutDocument {
        try LayoutDocument.parse(json, name: "demo.json")
    }

    /// The document's text.
    static let json = #"""
{
  "format": "layout-document/1",
  "root": {"id": "screen", "width": 390, "height": 844,
           "safeArea": {"top": 44, "bottom": 34}, "margins": {"left": 16, "right": 16}},
  "views": [
    {"id": "navBar"},
    {"id": "back", "parent": "navBar"},
    {"id": "navTitle", "parent": "navBar", "text": "Profile", "font": "DejaVu Sans Bold 17"},
    {"id": "more", "parent": "navBar"},
    {"id": "header"},
    {"id": "cover", "parent": "header"},
    {"id": "avatar", "parent": "header"},
    {"id": "name", "parent": "header", "text": "Ada Lovelace", "font": "DejaVu Sans Bold 20"},
    {"id": "handle", "parent": "header", "text": "@ada", "font": "DejaVu Sans 13"},
    {"id": "follow", "parent": "header", "intrinsicSize": {"width": 84, "height": 32}, "hugging": 750, "compression": 1000},
    {"id": "bio", "parent": "header", "text": "Writes about engines, numbers and the poetry of science. Drafting notes on the Analytical Engine, one table at a time.",
     "font": "DejaVu Sans 13", "lines": 0, "lineBreak": "wordWrap"},
    {"id": "stats", "parent": "header",
     "stack": {"axis": "horizontal", "spacing": 8, "distribution": "fillEqually", "arranged": ["posts", "followers", "following"]}},
    {"id": "posts", "parent": "stats", "intrinsicSize": {"height": 44}},
    {"id": "followers", "parent": "stats", "intrinsicSize": {"height": 44}},
    {"id": "following", "parent": "stats", "intrinsicSize": {"height": 44}},
    {"id": "feed", "stack": {"axis": "vertical", "spacing": 8, "alignment": "fill", "arranged": ["cell1", "cell2", "cell3"]}},
    {"id": "cell1", "parent": "feed"},
    {"id": "cell1.thumbnail", "parent": "cell1"},
    {"id": "cell1.title", "parent": "cell1", "text": "Trellis 1.0 is out", "font": "DejaVu Sans Bold 15", "lineBreak": "truncateTail"},
    {"id": "cell1.subtitle", "parent": "cell1", "text": "Constraint layout for Swift on Linux, solved exactly: priorities are strict and conflicts name their constraints.", "font": "DejaVu Sans 13", "lines": 0, "lineBreak": "wordWrap"},
    {"id": "cell2", "parent": "feed"},
    {"id": "cell2.thumbnail", "parent": "cell2"},
    {"id": "cell2.title", "parent": "cell2", "text": "Notes on the Analytical Engine", "font": "DejaVu Sans Bold 15", "lineBreak": "truncateTail"},
    {"id": "cell2.subtitle", "parent": "cell2", "text": "Why a machine that weaves algebraic patterns deserves a careful layout of its own.", "font": "DejaVu Sans 13", "lines": 0, "lineBreak": "wordWrap"},
    {"id": "cell3", "parent": "feed"},
    {"id": "cell3.thumbnail", "parent": "cell3"},
    {"id": "cell3.title", "parent": "cell3", "text": "Layouts at every width", "font": "DejaVu Sans Bold 15", "lineBreak": "truncateTail"},
    {"id": "cell3.subtitle", "parent": "cell3", "text": "Drag the slider in demo.html: between breakpoints every frame moves in a straight line.", "font": "DejaVu Sans 13", "lines": 0, "lineBreak": "wordWrap"},
    {"id": "tabBar"}
  ],
  "guides": [{"id": "content"}],
  "constraints": [
    "navBar~.top == screen.safeAreaLayoutGuide~.top",
    "navBar~.leading.trailing == screen~",
    "navBar~.height == 44",
    "back~.size == Size(width: 24, height: 24)",
    "back~.leading == screen.layoutMarginsGuide~.leading",
    "back~.centerY == navBar~",
    "navTitle~.center == navBar~",
    "more~.size == back~",
    "more~.trailing == screen.layoutMarginsGuide~.trailing",
    "more~.centerY == navBar~",
    "header~.top == navBar~.bottom",
    "header~.leading == screen~",
    "cover~.top.leading.trailing == header~",
    "cover~.height == cover~.width / 4 ~~ 750",
    "cover~.height <= 140",
    "avatar~.size == Size(width: 72, height: 72)",
    "avatar~.leading == header~.leading + 16",
    "avatar~.centerY == cover~.bottom",
    "name~.leading == avatar~.trailing + 12",
    "name~.top == cover~.bottom + 8",
    "name~.trailing <= follow~.leading - 8",
    "handle~.leading == name~",
    "handle~.top == name~.bottom + 2",
    "follow~.trailing == header~.trailing - 16",
    "follow~.top == cover~.bottom + 12",
    "bio~.top == avatar~.bottom + 12",
    "bio~.leading == header~.leading + 16",
    "bio~.trailing == header~.trailing - 16",
    "stats~.top == bio~.bottom + 12",
    "stats~.leading.trailing == bio~",
    "header~.bottom == stats~.bottom + 12",
    "cell1.thumbnail~.size == Size(width: 56, height: 56)",
    "cell1.thumbnail~.top.leading == cell1~ + 12",
    "cell1.title~.top == cell1~.top + 12",
    "cell1.title~.leading == cell1.thumbnail~.trailing + 12",
    "cell1.title~.trailing <= cell1~.trailing - 12",
    "cell1.subtitle~.top == cell1.title~.bottom + 4",
    "cell1.subtitle~.leading == cell1.title~",
    "cell1.subtitle~.trailing == cell1~.trailing - 12",
    "cell1~.bottom >= cell1.thumbnail~.bottom + 12",
    "cell1~.bottom >= cell1.subtitle~.bottom + 12",
    "cell1~.height == 0 ~~ 200",
    "cell2.thumbnail~.size == Size(width: 56, height: 56)",
    "cell2.thumbnail~.top.leading == cell2~ + 12",
    "cell2.title~.top == cell2~.top + 12",
    "cell2.title~.leading == cell2.thumbnail~.trailing + 12",
    "cell2.title~.trailing <= cell2~.trailing - 12",
    "cell2.subtitle~.top == cell2.title~.bottom + 4",
    "cell2.subtitle~.leading == cell2.title~",
    "cell2.subtitle~.trailing == cell2~.trailing - 12",
    "cell2~.bottom >= cell2.thumbnail~.bottom + 12",
    "cell2~.bottom >= cell2.subtitle~.bottom + 12",
    "cell2~.height == 0 ~~ 200",
    "cell3.thumbnail~.size == Size(width: 56, height: 56)",
    "cell3.thumbnail~.top.leading == cell3~ + 12",
    "cell3.title~.top == cell3~.top + 12",
    "cell3.title~.leading == cell3.thumbnail~.trailing + 12",
    "cell3.title~.trailing <= cell3~.trailing - 12",
    "cell3.subtitle~.top == cell3.title~.bottom + 4",
    "cell3.subtitle~.leading == cell3.title~",
    "cell3.subtitle~.trailing == cell3~.trailing - 12",
    "cell3~.bottom >= cell3.thumbnail~.bottom + 12",
    "cell3~.bottom >= cell3.subtitle~.bottom + 12",
    "cell3~.height == 0 ~~ 200",
    "tabBar~.bottom == screen.safeAreaLayoutGuide~.bottom",
    "tabBar~.leading.trailing == screen~",
    "tabBar~.height == 49",
    "content~.top == navBar~.bottom",
    "content~.bottom == tabBar~.top",
    "content~.leading.trailing == screen~",
    "feed~.bottom <= content~.bottom"
  ],
  "layoutSets": [
    {"view": "screen", "cases": [
      {"when": {"width": "..<600"}, "constraints": [
        "header~.trailing == screen~.trailing",
        "feed~.top == header~.bottom + 8",
        "feed~.leading.trailing == screen.layoutMarginsGuide~"
      ]},
      {"otherwise": true, "constraints": [
        "header~.width == 320",
        "feed~.top == navBar~.bottom + 16",
        "feed~.leading == header~.trailing + 16",
        "feed~.trailing <= screen.layoutMarginsGuide~.trailing",
        "feed~.width == 600 ~~ 700"
      ]}
    ]}
  ]
}
"""#
}
