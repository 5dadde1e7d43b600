#ifndef TRELLIS_CGLPKGUARD_H
#define TRELLIS_CGLPKGUARD_H

/* A guard around the GLPK calls Trellis makes.
 *
 * GLPK reports misuse and internal failures (a bad index, a zero count, exhausted memory, a
 * broken invariant) by printing a message and calling abort(). Trellis validates everything in
 * Swift before GLPK sees it, so this never happens by design; the guard is the second line of
 * defence. Every function below runs one GLPK operation inside setjmp with a per-thread
 * glp_error_hook that longjmps back. A fatal error then becomes TRELLIS_GLP_FAULT: the thread's
 * GLPK environment is freed with glp_free_env() (as the GLPK manual requires after a longjmp out
 * of GLPK), which invalidates every GLPK problem of that thread, and the thread moves to a new
 * *epoch*. Swift's LinearProgram records the epoch its problem was created in and passes it to
 * every call: a problem from an older epoch (or from another thread) is refused with
 * TRELLIS_GLP_STALE, never touched, and never deleted.
 *
 * Only C frames lie between setjmp and longjmp (the wrapper and GLPK): no Swift frame is ever
 * skipped. The hooks are installed by trellis_glp_create (so a fresh environment gets them too);
 * outside a guarded call they do what GLPK does without them, so other GLPK code on the thread
 * behaves as before. Output of GLPK during a guarded call is captured (see
 * trellis_glp_last_error), never printed.
 *
 * A thread that used the guard frees its GLPK environment when it exits.
 *
 * Problems are passed as `struct glp_prob *` (an opaque pointer in Swift); the header does not
 * include <glpk.h>, so GLPK's own types stay in the CGLPK module. Numeric constants (GLP_FR,
 * GLP_BS, ...) are GLPK's own.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct glp_prob;

/* The result of every guarded call. */
/** The GLPK operation ran and returned normally. */
#define TRELLIS_GLP_OK 0
/** GLPK raised a fatal error; it was caught, the thread's environment was freed, and every
 *  problem of this thread is gone. trellis_glp_last_error() has GLPK's message. */
#define TRELLIS_GLP_FAULT 1
/** The problem belongs to an earlier epoch (freed by a caught fault) or to another thread:
 *  nothing was done. */
#define TRELLIS_GLP_STALE 2

/** This thread's current epoch (never 0): what a problem created now will record. */
uint64_t trellis_glp_epoch(void);

/** GLPK's message for this thread's last caught fault (empty if none); valid until the next
 *  guarded call on this thread. */
const char *trellis_glp_last_error(void);

/** The number of guarded calls made on this thread so far (for tests). */
uint64_t trellis_glp_call_count(void);

/** Test hook: the `calls`-th guarded call on this thread from now (1 = the next one) raises a
 *  GLPK fatal error through glp_error() instead of doing its work, exactly as a real one would.
 *  0 disarms. */
void trellis_glp_inject_fault(uint64_t calls);

/** Test hook: frees this thread's GLPK environment and starts a new epoch, as after a fault. */
void trellis_glp_reset_thread(void);

/* ---- Building ---------------------------------------------------------------------------- */

/** glp_create_prob, then `rows` free rows and `columns` free columns (counts may be 0), terminal
 *  output off. On TRELLIS_GLP_OK, `*problem` is the problem and `*epoch` its epoch. */
int trellis_glp_create(int rows, int columns, struct glp_prob **problem, uint64_t *epoch);
int trellis_glp_delete(uint64_t epoch, struct glp_prob *P);
int trellis_glp_add_rows(uint64_t epoch, struct glp_prob *P, int count);
int trellis_glp_add_cols(uint64_t epoch, struct glp_prob *P, int count);
int trellis_glp_set_mat_row(uint64_t epoch, struct glp_prob *P, int i, int len, const int ind[], const double val[]);
/** glp_load_matrix: `ne` entries, 1-based arrays ia/ja/ar (entry k at ia[k], ja[k], ar[k]). */
int trellis_glp_load_matrix(uint64_t epoch, struct glp_prob *P, int ne, const int ia[], const int ja[], const double ar[]);
int trellis_glp_set_row_bnds(uint64_t epoch, struct glp_prob *P, int i, int type, double lb, double ub);
int trellis_glp_set_col_bnds(uint64_t epoch, struct glp_prob *P, int j, int type, double lb, double ub);
int trellis_glp_set_obj_coef(uint64_t epoch, struct glp_prob *P, int j, double coef);
/** Bounds of every row, then every column, in one call: types (GLP_FR, GLP_LO, GLP_UP, GLP_DB,
 *  GLP_FX) and bounds in arrays of the problem's row and column counts (0-based). */
int trellis_glp_set_all_bnds(uint64_t epoch, struct glp_prob *P,
                             const int row_type[], const double row_lb[], const double row_ub[],
                             const int col_type[], const double col_lb[], const double col_ub[]);
/** Objective coefficients of `count` columns: column ind[k] (1-based) gets val[k], k = 0..count-1. */
int trellis_glp_set_obj_coefs(uint64_t epoch, struct glp_prob *P, int count, const int ind[], const double val[]);
int trellis_glp_scale_prob(uint64_t epoch, struct glp_prob *P, int flags);

/* ---- Solving ----------------------------------------------------------------------------- */

/** glp_get_it_cnt: simplex iterations made on the problem so far. */
int trellis_glp_get_it_cnt(uint64_t epoch, struct glp_prob *P, int *count);
/** glp_simplex with output off (msg_lev GLP_MSG_OFF), `presolve` GLP_ON/GLP_OFF, `method`
 *  GLP_PRIMAL/GLP_DUALP/..., `time_limit` in ms (<= 0: none), `iteration_limit` simplex
 *  iterations of this call (<= 0: none; reached, `*code` is GLP_EITLIM). `*code` is
 *  glp_simplex's return value and `*status` glp_get_status afterwards. */
int trellis_glp_simplex(uint64_t epoch, struct glp_prob *P, int presolve, int method, int time_limit,
                        int iteration_limit, int *code, int *status);
/** glp_exact with output off, like trellis_glp_simplex. */
int trellis_glp_exact(uint64_t epoch, struct glp_prob *P, int time_limit, int *code, int *status);
/** glp_adv_basis(P, 0). */
int trellis_glp_adv_basis(uint64_t epoch, struct glp_prob *P);
/** glp_eval_tab_col for the non-basic row or column `k`, factorizing first if needed. `*length`
 *  is the number of entries (1-based in ind/val), or -1 if the basis could not be factorized. */
int trellis_glp_eval_tab_col(uint64_t epoch, struct glp_prob *P, int k, int ind[], double val[], int *length);
/** Solves B·y = x for the current basis B (glp_ftran; x[1...m] in, y out in place), factorizing
 *  first if needed, and lists y's non-zero entries by basic variable: ind[1...length] (GLPK's
 *  numbering, rows then columns) and val. `*length` is -1 if the basis could not be factorized. */
int trellis_glp_ftran_basic(uint64_t epoch, struct glp_prob *P, double x[], int ind[], double val[], int *length);

/* ---- Basis ------------------------------------------------------------------------------- */

/** Makes row `i` basic (`basic` != 0) or non-basic on the bound natural for its type. */
int trellis_glp_set_row_basic(uint64_t epoch, struct glp_prob *P, int i, int basic);
/** Makes column `j` basic (`basic` != 0) or non-basic on the bound natural for its type. */
int trellis_glp_set_col_basic(uint64_t epoch, struct glp_prob *P, int j, int basic);
/** Sets every status at once: `rows[i-1]` / `columns[j-1]` != 0 make row i / column j basic,
 *  0 non-basic on the bound natural for its type (arrays of the problem's row and column counts). */
int trellis_glp_set_basis(uint64_t epoch, struct glp_prob *P, const unsigned char rows[], const unsigned char columns[]);

/* ---- Reading ----------------------------------------------------------------------------- */

int trellis_glp_get_row_prim(uint64_t epoch, struct glp_prob *P, int i, double *value);
int trellis_glp_get_row_dual(uint64_t epoch, struct glp_prob *P, int i, double *value);
int trellis_glp_get_row_stat(uint64_t epoch, struct glp_prob *P, int i, int *value);
int trellis_glp_get_row_type(uint64_t epoch, struct glp_prob *P, int i, int *value);
int trellis_glp_get_col_prim(uint64_t epoch, struct glp_prob *P, int j, double *value);
int trellis_glp_get_col_dual(uint64_t epoch, struct glp_prob *P, int j, double *value);
int trellis_glp_get_col_stat(uint64_t epoch, struct glp_prob *P, int j, int *value);
int trellis_glp_get_obj_val(uint64_t epoch, struct glp_prob *P, double *value);
/** Whether each row (`rows[0..m-1]`) and column (`columns[0..n-1]`) is basic (1) or not (0), in
 *  one call; m and n are the problem's sizes. */
int trellis_glp_get_basic_flags(uint64_t epoch, struct glp_prob *P, int m, int n,
                                unsigned char rows[], unsigned char columns[]);

/** What trellis_glp_read_all reads. */
#define TRELLIS_GLP_ROW_PRIM 1
#define TRELLIS_GLP_ROW_DUAL 2
#define TRELLIS_GLP_COL_PRIM 3
#define TRELLIS_GLP_COL_DUAL 4
/** glp_get_row_prim/_dual (rows 1..count) or glp_get_col_prim/_dual (columns 1..count) into
 *  `values[0..count-1]`, in one call; `count` is the problem's number of rows or columns. */
int trellis_glp_read_all(uint64_t epoch, struct glp_prob *P, int what, int count, double values[]);

#ifdef __cplusplus
}
#endif

#endif /* TRELLIS_CGLPKGUARD_H */
