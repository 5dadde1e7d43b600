/* The GLPK guard: see include/CGLPKGuard.h. */

#include "CGLPKGuard.h"

#include <glpk.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <string.h>

/* One per thread. GLPK's environment is thread-local too (Debian builds it with _Thread_local),
 * so a fault on one thread never touches another thread's problems. */
typedef struct {
    jmp_buf jump;
    /* Inside a guarded call: the error hook may longjmp to `jump`. */
    int armed;
    /* The current epoch; 0 until the thread's first guarded call. */
    uint64_t epoch;
    uint64_t calls;
    /* Test hook: a fault is raised when this counts down to 0 (0: disarmed). */
    uint64_t inject;
    size_t length;
    char message[1024];
} Guard;

static _Thread_local Guard guard;

/* Epochs are unique across threads, so a problem of another thread is stale here too. */
static atomic_uint_fast64_t next_epoch = 1;

static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;

static void thread_exit(void *value) {
    (void)value;
    /* Problems never outlive the synchronous call that made them, so none is alive here. */
    glp_free_env();
    guard.epoch = 0;
}

static void make_exit_key(void) {
    (void)pthread_key_create(&exit_key, thread_exit);
}

/* GLPK's terminal output during a guarded call: keep the text of a fatal error, print nothing. */
static int term_hook(void *info, const char *text) {
    Guard *g = info;
    if (!g->armed) return 0;   /* someone else's GLPK call on this thread: GLPK's default */
    if (glp_at_error()) {
        size_t room = sizeof g->message - 1 - g->length;
        size_t n = strlen(text);
        if (n > room) n = room;
        memcpy(g->message + g->length, text, n);
        g->length += n;
        g->message[g->length] = 0;
    }
    return 1;
}

/* Called by GLPK on a fatal error, just before it would abort(). */
static void error_hook(void *info) {
    Guard *g = info;
    if (g->armed) {
        g->armed = 0;
        longjmp(g->jump, 1);
    }
    /* Not inside a guarded call: returning lets GLPK abort, as it always did. */
}

/* The thread's first use: take an epoch and arrange for the environment to be freed at exit. */
static void guard_start(Guard *g) {
    g->epoch = atomic_fetch_add(&next_epoch, 1);
    (void)pthread_once(&exit_key_once, make_exit_key);
    (void)pthread_setspecific(exit_key, (void *)1);
}

static Guard *guard_enter(void) {
    Guard *g = &guard;
    if (g->epoch == 0) guard_start(g);
    g->calls += 1;
    return g;
}

/* Hooks live in the environment, so glp_free_env drops them, and other GLPK code on this thread
 * could replace them. They are installed whenever a problem is created: a problem lives inside
 * one synchronous Trellis call, so no other code runs on the thread between its creation and its
 * last call (the hooks are the same for every problem of a thread). */
static void guard_install_hooks(Guard *g) {
    glp_error_hook(error_hook, g);
    glp_term_hook(term_hook, g);
}

/* After a longjmp out of GLPK its environment is inconsistent: free it (every problem of this
 * thread goes with it) and move to a new epoch. The next GLPK call makes a fresh environment. */
static int guard_recover(Guard *g) {
    g->armed = 0;
    glp_free_env();
    g->epoch = atomic_fetch_add(&next_epoch, 1);
    return TRELLIS_GLP_FAULT;
}

static void guard_maybe_inject(Guard *g, const char *function) {
    if (g->inject != 0 && --g->inject == 0) {
        glp_error("trellis: fault injected into %s by trellis_glp_inject_fault\n", function);
    }
}

/* The body of every guarded call. setjmp is in the wrapper itself, whose frame stays alive
 * while GLPK runs; after the longjmp only `g` (set before setjmp, never changed) is read. */
#define GUARDED(EPOCH, ...)                                                         \
    Guard *const g = guard_enter();                                                 \
    if ((EPOCH) != g->epoch) return TRELLIS_GLP_STALE;                              \
    GUARDED_BODY(__VA_ARGS__)

#define GUARDED_BODY(...)                                                           \
    g->length = 0;                                                                  \
    g->message[0] = 0;                                                              \
    if (setjmp(g->jump) != 0) return guard_recover(g);                              \
    g->armed = 1;                                                                   \
    guard_maybe_inject(g, __func__);                                                \
    { __VA_ARGS__ }                                                                 \
    g->armed = 0;                                                                   \
    return TRELLIS_GLP_OK;

uint64_t trellis_glp_epoch(void) {
    Guard *g = &guard;
    if (g->epoch == 0) guard_start(g);
    return g->epoch;
}

const char *trellis_glp_last_error(void) { return guard.message; }

uint64_t trellis_glp_call_count(void) { return guard.calls; }

void trellis_glp_inject_fault(uint64_t calls) { guard.inject = calls; }

void trellis_glp_reset_thread(void) {
    Guard *g = guard_enter();
    (void)guard_recover(g);
}

/* ---- Building ---------------------------------------------------------------------------- */

int trellis_glp_create(int rows, int columns, struct glp_prob **problem, uint64_t *epoch) {
    Guard *const g = guard_enter();
    guard_install_hooks(g);
    *epoch = g->epoch;
    GUARDED_BODY({
        glp_term_out(GLP_OFF);
        glp_prob *P = glp_create_prob();
        if (rows > 0) glp_add_rows(P, rows);            /* new rows are free */
        if (columns > 0) glp_add_cols(P, columns);      /* new columns are fixed at 0: free them */
        for (int j = 1; j <= columns; j++) glp_set_col_bnds(P, j, GLP_FR, 0, 0);
        *problem = P;
    })
}

int trellis_glp_delete(uint64_t epoch, struct glp_prob *P) {
    GUARDED(epoch, { glp_delete_prob(P); })
}

int trellis_glp_add_rows(uint64_t epoch, struct glp_prob *P, int count) {
    GUARDED(epoch, { glp_add_rows(P, count); })
}

int trellis_glp_add_cols(uint64_t epoch, struct glp_prob *P, int count) {
    GUARDED(epoch, { glp_add_cols(P, count); })
}

int trellis_glp_set_mat_row(uint64_t epoch, struct glp_prob *P, int i, int len, const int ind[], const double val[]) {
    GUARDED(epoch, { glp_set_mat_row(P, i, len, ind, val); })
}

int trellis_glp_load_matrix(uint64_t epoch, struct glp_prob *P, int ne, const int ia[], const int ja[], const double ar[]) {
    GUARDED(epoch, { glp_load_matrix(P, ne, ia, ja, ar); })
}

int trellis_glp_set_row_bnds(uint64_t epoch, struct glp_prob *P, int i, int type, double lb, double ub) {
    GUARDED(epoch, { glp_set_row_bnds(P, i, type, lb, ub); })
}

int trellis_glp_set_col_bnds(uint64_t epoch, struct glp_prob *P, int j, int type, double lb, double ub) {
    GUARDED(epoch, { glp_set_col_bnds(P, j, type, lb, ub); })
}

int trellis_glp_set_obj_coef(uint64_t epoch, struct glp_prob *P, int j, double coef) {
    GUARDED(epoch, { glp_set_obj_coef(P, j, coef); })
}

int trellis_glp_scale_prob(uint64_t epoch, struct glp_prob *P, int flags) {
    GUARDED(epoch, { glp_scale_prob(P, flags); })
}

/* ---- Solving ----------------------------------------------------------------------------- */

int trellis_glp_simplex(uint64_t epoch, struct glp_prob *P, int presolve, int method, int time_limit,
                        int iteration_limit, int *code, int *status) {
    GUARDED(epoch, {
        glp_smcp parm;
        glp_init_smcp(&parm);
        parm.msg_lev = GLP_MSG_OFF;
        parm.presolve = presolve;
        parm.meth = method;
        if (time_limit > 0) parm.tm_lim = time_limit;
        if (iteration_limit > 0) parm.it_lim = iteration_limit;
        *code = glp_simplex(P, &parm);
        *status = glp_get_status(P);
    })
}

int trellis_glp_exact(uint64_t epoch, struct glp_prob *P, int time_limit, int *code, int *status) {
    GUARDED(epoch, {
        glp_smcp parm;
        glp_init_smcp(&parm);
        parm.msg_lev = GLP_MSG_OFF;
        if (time_limit > 0) parm.tm_lim = time_limit;
        *code = glp_exact(P, &parm);
        *status = glp_get_status(P);
    })
}

int trellis_glp_adv_basis(uint64_t epoch, struct glp_prob *P) {
    GUARDED(epoch, { glp_adv_basis(P, 0); })
}

int trellis_glp_eval_tab_col(uint64_t epoch, struct glp_prob *P, int k, int ind[], double val[], int *length) {
    GUARDED(epoch, {
        if (!glp_bf_exists(P) && glp_factorize(P) != 0) {
            *length = -1;
        } else {
            *length = glp_eval_tab_col(P, k, ind, val);
        }
    })
}

int trellis_glp_ftran_basic(uint64_t epoch, struct glp_prob *P, double x[], int ind[], double val[], int *length) {
    GUARDED(epoch, {
        if (!glp_bf_exists(P) && glp_factorize(P) != 0) {
            *length = -1;
        } else {
            int m = glp_get_num_rows(P), len = 0;
            glp_ftran(P, x);
            for (int t = 1; t <= m; t++) {
                if (x[t] != 0.0) {
                    len++;
                    ind[len] = glp_get_bhead(P, t);
                    val[len] = x[t];
                }
            }
            *length = len;
        }
    })
}

/* ---- Basis ------------------------------------------------------------------------------- */

static int nonbasic_status(int type) {
    switch (type) {
    case GLP_FR: return GLP_NF;
    case GLP_UP: return GLP_NU;
    case GLP_FX: return GLP_NS;
    default: return GLP_NL;
    }
}

int trellis_glp_set_row_basic(uint64_t epoch, struct glp_prob *P, int i, int basic) {
    GUARDED(epoch, { glp_set_row_stat(P, i, basic ? GLP_BS : nonbasic_status(glp_get_row_type(P, i))); })
}

int trellis_glp_set_col_basic(uint64_t epoch, struct glp_prob *P, int j, int basic) {
    GUARDED(epoch, { glp_set_col_stat(P, j, basic ? GLP_BS : nonbasic_status(glp_get_col_type(P, j))); })
}

int trellis_glp_set_all_bnds(uint64_t epoch, struct glp_prob *P,
                             const int row_type[], const double row_lb[], const double row_ub[],
                             const int col_type[], const double col_lb[], const double col_ub[]) {
    GUARDED(epoch, {
        int m = glp_get_num_rows(P), n = glp_get_num_cols(P);
        for (int i = 1; i <= m; i++) glp_set_row_bnds(P, i, row_type[i - 1], row_lb[i - 1], row_ub[i - 1]);
        for (int j = 1; j <= n; j++) glp_set_col_bnds(P, j, col_type[j - 1], col_lb[j - 1], col_ub[j - 1]);
    })
}

int trellis_glp_set_obj_coefs(uint64_t epoch, struct glp_prob *P, int count, const int ind[], const double val[]) {
    GUARDED(epoch, {
        for (int k = 0; k < count; k++) glp_set_obj_coef(P, ind[k], val[k]);
    })
}

int trellis_glp_get_it_cnt(uint64_t epoch, struct glp_prob *P, int *count) {
    GUARDED(epoch, { *count = glp_get_it_cnt(P); })
}

int trellis_glp_set_basis(uint64_t epoch, struct glp_prob *P, const unsigned char rows[], const unsigned char columns[]) {
    GUARDED(epoch, {
        int m = glp_get_num_rows(P), n = glp_get_num_cols(P);
        for (int i = 1; i <= m; i++)
            glp_set_row_stat(P, i, rows[i - 1] ? GLP_BS : nonbasic_status(glp_get_row_type(P, i)));
        for (int j = 1; j <= n; j++)
            glp_set_col_stat(P, j, columns[j - 1] ? GLP_BS : nonbasic_status(glp_get_col_type(P, j)));
    })
}

/* ---- Reading ----------------------------------------------------------------------------- */

int trellis_glp_get_row_prim(uint64_t epoch, struct glp_prob *P, int i, double *value) {
    GUARDED(epoch, { *value = glp_get_row_prim(P, i); })
}

int trellis_glp_get_row_dual(uint64_t epoch, struct glp_prob *P, int i, double *value) {
    GUARDED(epoch, { *value = glp_get_row_dual(P, i); })
}

int trellis_glp_get_row_stat(uint64_t epoch, struct glp_prob *P, int i, int *value) {
    GUARDED(epoch, { *value = glp_get_row_stat(P, i); })
}

int trellis_glp_get_row_type(uint64_t epoch, struct glp_prob *P, int i, int *value) {
    GUARDED(epoch, { *value = glp_get_row_type(P, i); })
}

int trellis_glp_get_col_prim(uint64_t epoch, struct glp_prob *P, int j, double *value) {
    GUARDED(epoch, { *value = glp_get_col_prim(P, j); })
}

int trellis_glp_get_col_dual(uint64_t epoch, struct glp_prob *P, int j, double *value) {
    GUARDED(epoch, { *value = glp_get_col_dual(P, j); })
}

int trellis_glp_get_col_stat(uint64_t epoch, struct glp_prob *P, int j, int *value) {
    GUARDED(epoch, { *value = glp_get_col_stat(P, j); })
}

int trellis_glp_get_obj_val(uint64_t epoch, struct glp_prob *P, double *value) {
    GUARDED(epoch, { *value = glp_get_obj_val(P); })
}

int trellis_glp_get_basic_flags(uint64_t epoch, struct glp_prob *P, int m, int n,
                                unsigned char rows[], unsigned char columns[]) {
    GUARDED(epoch, {
        for (int i = 1; i <= m; i++) rows[i - 1] = glp_get_row_stat(P, i) == GLP_BS;
        for (int j = 1; j <= n; j++) columns[j - 1] = glp_get_col_stat(P, j) == GLP_BS;
    })
}

int trellis_glp_read_all(uint64_t epoch, struct glp_prob *P, int what, int count, double values[]) {
    GUARDED(epoch, {
        switch (what) {
        case TRELLIS_GLP_ROW_PRIM: for (int i = 1; i <= count; i++) values[i - 1] = glp_get_row_prim(P, i); break;
        case TRELLIS_GLP_ROW_DUAL: for (int i = 1; i <= count; i++) values[i - 1] = glp_get_row_dual(P, i); break;
        case TRELLIS_GLP_COL_PRIM: for (int j = 1; j <= count; j++) values[j - 1] = glp_get_col_prim(P, j); break;
        case TRELLIS_GLP_COL_DUAL: for (int j = 1; j <= count; j++) values[j - 1] = glp_get_col_dual(P, j); break;
        default: glp_error("trellis_glp_read_all: what = %d; invalid\n", what);
        }
    })
}
