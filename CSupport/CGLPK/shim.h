#ifndef TRELLIS_CGLPK_SHIM_H
#define TRELLIS_CGLPK_SHIM_H

/* GLPK, the GNU Linear Programming Kit, as seen by Swift.
 * Debian ships no pkg-config file for GLPK, so the header is found on the
 * default include path and the library is linked by the module map. */
#if __has_include(<glpk.h>)
#include <glpk.h>
#else
#error "GLPK headers not found: install them with `apt-get install libglpk-dev` (Debian/Ubuntu)."
#endif

#endif /* TRELLIS_CGLPK_SHIM_H */
