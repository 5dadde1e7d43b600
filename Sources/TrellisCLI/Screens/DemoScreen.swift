import Trellis
import TrellisDocument

/// The bundled demo: a realistic profile screen — a navigation bar, a header with a cover image,
/// avatar, name, handle, follow button, bio and three stat tiles, a feed of four cells held in a
/// layout guide, and a tab bar — written as a `layout-document/1` text.
///
/// ```swift
/// let document = try DemoScreen.document()
/// for size in DemoScreen.sizes {
///     let result = try document.makeLayout(width: size.width, height: size.height).layout()
///     print(ASCIIRenderer(columns: 80).render(LayoutPicture(result: result)))
/// }
/// ```
///
/// It shows how a layout adapts: the cover keeps a 4:1 ratio up to 140 points tall, the bio stops
/// growing at 560 points, and the feed column is at most 600 points wide, centred. `trellis demo
/// --print-document` prints ``json``, a starting point for your own documents.
enum DemoScreen {
    /// The sizes `trellis demo` lays the screen out at: a phone and a tablet.
    static let sizes: [Size] = [Size(width: 390, height: 844), Size(width: 768, height: 1024)]

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
    {"id": "navTitle", "parent": "navBar", "intrinsicSize": {"width": 64, "height": 20}},
    {"id": "more", "parent": "navBar"},
    {"id": "header"},
    {"id": "cover", "parent": "header"},
    {"id": "avatar", "parent": "header"},
    {"id": "name", "parent": "header", "intrinsicSize": {"width": 150, "height": 22}, "baselines": {"first": 17, "last": 5}},
    {"id": "handle", "parent": "header", "intrinsicSize": {"width": 96, "height": 16}, "baselines": {"first": 12, "last": 4}},
    {"id": "follow", "parent": "header", "intrinsicSize": {"width": 84, "height": 32}, "hugging": 750, "compression": 1000},
    {"id": "bio", "parent": "header", "intrinsicSize": {"height": 54}},
    {"id": "posts", "parent": "header"},
    {"id": "followers", "parent": "header"},
    {"id": "following", "parent": "header"},
    {"id": "cell1"},
    {"id": "cell1.thumbnail", "parent": "cell1"},
    {"id": "cell1.title", "parent": "cell1", "intrinsicSize": {"width": 180, "height": 20}, "baselines": {"first": 15, "last": 5}},
    {"id": "cell1.subtitle", "parent": "cell1", "intrinsicSize": {"width": 240, "height": 16}, "baselines": {"first": 12, "last": 4}},
    {"id": "cell1.time", "parent": "cell1", "intrinsicSize": {"width": 40, "height": 14}, "baselines": {"first": 11, "last": 3}, "hugging": 750},
    {"id": "cell2"},
    {"id": "cell2.thumbnail", "parent": "cell2"},
    {"id": "cell2.title", "parent": "cell2", "intrinsicSize": {"width": 150, "height": 20}, "baselines": {"first": 15, "last": 5}},
    {"id": "cell2.subtitle", "parent": "cell2", "intrinsicSize": {"width": 200, "height": 16}, "baselines": {"first": 12, "last": 4}},
    {"id": "cell2.time", "parent": "cell2", "intrinsicSize": {"width": 40, "height": 14}, "baselines": {"first": 11, "last": 3}, "hugging": 750},
    {"id": "cell3"},
    {"id": "cell3.thumbnail", "parent": "cell3"},
    {"id": "cell3.title", "parent": "cell3", "intrinsicSize": {"width": 210, "height": 20}, "baselines": {"first": 15, "last": 5}},
    {"id": "cell3.subtitle", "parent": "cell3", "intrinsicSize": {"width": 260, "height": 16}, "baselines": {"first": 12, "last": 4}},
    {"id": "cell3.time", "parent": "cell3", "intrinsicSize": {"width": 40, "height": 14}, "baselines": {"first": 11, "last": 3}, "hugging": 750},
    {"id": "cell4"},
    {"id": "cell4.thumbnail", "parent": "cell4"},
    {"id": "cell4.title", "parent": "cell4", "intrinsicSize": {"width": 170, "height": 20}, "baselines": {"first": 15, "last": 5}},
    {"id": "cell4.subtitle", "parent": "cell4", "intrinsicSize": {"width": 220, "height": 16}, "baselines": {"first": 12, "last": 4}},
    {"id": "cell4.time", "parent": "cell4", "intrinsicSize": {"width": 40, "height": 14}, "baselines": {"first": 11, "last": 3}, "hugging": 750},
    {"id": "tabBar"}
  ],
  "guides": [{"id": "feed"}],
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
    "header~.leading.trailing == screen~",
    "cover~.top.leading.trailing == header~",
    "cover~.height == cover~.width / 4 ~~ 750",
    "cover~.height <= 140",
    "avatar~.size == Size(width: 72, height: 72)",
    "avatar~.leading == screen.layoutMarginsGuide~.leading",
    "avatar~.centerY == cover~.bottom",
    "name~.leading == avatar~.trailing + 12",
    "name~.top == cover~.bottom + 8",
    "handle~.leading == name~",
    "handle~.firstBaseline == name~.lastBaseline + 20",
    "follow~.trailing == screen.layoutMarginsGuide~.trailing",
    "follow~.top == cover~.bottom + 12",
    "name~.trailing <= follow~.leading - 8",
    "bio~.top == avatar~.bottom + 12",
    "bio~.leading == screen.layoutMarginsGuide~.leading",
    "bio~.trailing <= screen.layoutMarginsGuide~.trailing",
    "bio~.width == 560 ~~ 500",
    "posts~.top == bio~.bottom + 12",
    "posts~.leading == screen.layoutMarginsGuide~.leading",
    "followers~.leading == posts~.trailing + 8",
    "following~.leading == followers~.trailing + 8",
    "following~.trailing == screen.layoutMarginsGuide~.trailing",
    "followers~.width == posts~.width",
    "following~.width == posts~.width",
    "posts~.height == 44",
    "followers~.top.height == posts~",
    "following~.top.height == posts~",
    "header~.bottom == posts~.bottom + 12",
    "feed~.top == header~.bottom",
    "feed~.bottom == tabBar~.top",
    "feed~.centerX == screen~",
    "feed~.width <= 600",
    "feed~.width == screen.layoutMarginsGuide~.width ~~ 700",
    "cell1~.top == feed~.top + 8",
    "cell1~.leading.trailing == feed~",
    "cell1.thumbnail~.size == Size(width: 56, height: 56)",
    "cell1.thumbnail~.top.leading == cell1~ + 12",
    "cell1.title~.leading == cell1.thumbnail~.trailing + 12",
    "cell1.title~.top == cell1.thumbnail~.top + 4",
    "cell1.time~.trailing == cell1~.trailing - 12",
    "cell1.time~.firstBaseline == cell1.title~.firstBaseline",
    "cell1.title~.trailing <= cell1.time~.leading - 8",
    "cell1.subtitle~.leading == cell1.title~",
    "cell1.subtitle~.top == cell1.title~.bottom + 4",
    "cell1.subtitle~.trailing <= cell1~.trailing - 12",
    "cell1~.bottom == cell1.thumbnail~.bottom + 12",
    "cell2~.top == cell1~.bottom + 8",
    "cell2~.leading.trailing == feed~",
    "cell2.thumbnail~.size == Size(width: 56, height: 56)",
    "cell2.thumbnail~.top.leading == cell2~ + 12",
    "cell2.title~.leading == cell2.thumbnail~.trailing + 12",
    "cell2.title~.top == cell2.thumbnail~.top + 4",
    "cell2.time~.trailing == cell2~.trailing - 12",
    "cell2.time~.firstBaseline == cell2.title~.firstBaseline",
    "cell2.title~.trailing <= cell2.time~.leading - 8",
    "cell2.subtitle~.leading == cell2.title~",
    "cell2.subtitle~.top == cell2.title~.bottom + 4",
    "cell2.subtitle~.trailing <= cell2~.trailing - 12",
    "cell2~.bottom == cell2.thumbnail~.bottom + 12",
    "cell3~.top == cell2~.bottom + 8",
    "cell3~.leading.trailing == feed~",
    "cell3.thumbnail~.size == Size(width: 56, height: 56)",
    "cell3.thumbnail~.top.leading == cell3~ + 12",
    "cell3.title~.leading == cell3.thumbnail~.trailing + 12",
    "cell3.title~.top == cell3.thumbnail~.top + 4",
    "cell3.time~.trailing == cell3~.trailing - 12",
    "cell3.time~.firstBaseline == cell3.title~.firstBaseline",
    "cell3.title~.trailing <= cell3.time~.leading - 8",
    "cell3.subtitle~.leading == cell3.title~",
    "cell3.subtitle~.top == cell3.title~.bottom + 4",
    "cell3.subtitle~.trailing <= cell3~.trailing - 12",
    "cell3~.bottom == cell3.thumbnail~.bottom + 12",
    "cell4~.top == cell3~.bottom + 8",
    "cell4~.leading.trailing == feed~",
    "cell4.thumbnail~.size == Size(width: 56, height: 56)",
    "cell4.thumbnail~.top.leading == cell4~ + 12",
    "cell4.title~.leading == cell4.thumbnail~.trailing + 12",
    "cell4.title~.top == cell4.thumbnail~.top + 4",
    "cell4.time~.trailing == cell4~.trailing - 12",
    "cell4.time~.firstBaseline == cell4.title~.firstBaseline",
    "cell4.title~.trailing <= cell4.time~.leading - 8",
    "cell4.subtitle~.leading == cell4.title~",
    "cell4.subtitle~.top == cell4.title~.bottom + 4",
    "cell4.subtitle~.trailing <= cell4~.trailing - 12",
    "cell4~.bottom == cell4.thumbnail~.bottom + 12",
    "tabBar~.bottom == screen.safeAreaLayoutGuide~.bottom",
    "tabBar~.leading.trailing == screen~",
    "tabBar~.height == 49"
  ]
}
"""#
}
