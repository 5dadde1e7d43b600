#ifndef TRELLIS_CPANGOCAIRO_SHIM_H
#define TRELLIS_CPANGOCAIRO_SHIM_H

/* Pango (text shaping and line breaking, fonts through fontconfig) on Cairo (PNG, PDF and SVG
 * surfaces), as seen by Swift. The include paths and libraries come from pkg-config
 * (`pangocairo`, which brings `pango` and `cairo`). */
#if __has_include(<pango/pangocairo.h>) && __has_include(<cairo.h>) && __has_include(<cairo-pdf.h>) && __has_include(<cairo-svg.h>)
#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#else
#error "Pango/Cairo headers not found: install them with `apt-get install libpango1.0-dev libcairo2-dev fonts-dejavu-core` (Debian/Ubuntu), or run `make deps`."
#endif

#endif /* TRELLIS_CPANGOCAIRO_SHIM_H */
