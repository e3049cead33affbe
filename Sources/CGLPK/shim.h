// GLPK, guarded: every call the Swift side makes goes through a static inline
// function below that sets a setjmp point, installs glp_error_hook, calls
// GLPK, and removes the hook. GLPK calls abort() after an internal error
// unless the hook jumps away; here it jumps back into the same C function
// (never across a Swift frame), GLPK's environment is freed with
// glp_free_env() (the GLPK manual requires it after such a jump: every
// problem object of this thread is gone), and the function returns
// PB_GLPK_FAILED with GLPK's message in the context.
//
// GLPK's environment is per thread (thread-local storage in Debian's build):
// a context and its problems belong to the thread that created them.
#ifndef PACKBENCH_CGLPK_SHIM_H
#define PACKBENCH_CGLPK_SHIM_H

#include <glpk.h>
#include <setjmp.h>
#include <string.h>
#include <time.h>

/// The result of a guarded call that GLPK aborted.
#define PB_GLPK_FAILED (-1000)

/// What the guarded calls share: GLPK's last terminal output (its error
/// message after a failure) and whether to echo the output.
typedef struct pb_context {
  char message[1024];
  size_t length;
  int verbose;
  jmp_buf *jump;
} pb_context;

static inline int pb_term_hook(void *info, const char *s) {
  pb_context *context = (pb_context *)info;
  size_t n = strlen(s);
  if (context->length + n >= sizeof(context->message)) {
    // Keep the end: an error message comes last.
    context->length = 0;
  }
  if (n >= sizeof(context->message)) { s += n - (sizeof(context->message) - 1); n = sizeof(context->message) - 1; }
  memcpy(context->message + context->length, s, n);
  context->length += n;
  context->message[context->length] = 0;
  return context->verbose ? 0 : 1;  // nonzero: GLPK prints nothing
}

static inline void pb_error_hook(void *info) {
  pb_context *context = (pb_context *)info;
  longjmp(*context->jump, 1);
}

/// Starts a guarded section: terminal output on or off, output captured.
static inline void pb_enter(pb_context *context) {
  glp_term_out(context->verbose ? GLP_ON : GLP_OFF);
  glp_term_hook(pb_term_hook, context);
}

static inline void pb_leave(void) {
  glp_error_hook(NULL, NULL);
}

static inline int pb_failed(pb_context *context) {
  // After the jump GLPK's state is undefined: free the whole environment
  // (all problem objects of this thread included).
  glp_free_env();
  context->jump = NULL;
  return PB_GLPK_FAILED;
}

#define PB_GUARD(context)                         \
  jmp_buf pb_jump;                                \
  if (setjmp(pb_jump)) return pb_failed(context); \
  (context)->jump = &pb_jump;                     \
  (context)->length = 0;                          \
  (context)->message[0] = 0;                      \
  pb_enter(context);                              \
  glp_error_hook(pb_error_hook, context);

/// Creates an empty minimisation problem. Returns 0 or PB_GLPK_FAILED.
static inline int pb_create(pb_context *context, glp_prob **problem) {
  PB_GUARD(context)
  glp_prob *p = glp_create_prob();
  glp_set_obj_dir(p, GLP_MIN);
  *problem = p;
  pb_leave();
  return 0;
}

/// Adds `count` rows (constraints) with GLPK bound types and bounds.
static inline int pb_add_rows(pb_context *context, glp_prob *p, int count, const int *type,
                              const double *lower, const double *upper) {
  PB_GUARD(context)
  if (count > 0) {
    int first = glp_add_rows(p, count);
    for (int k = 0; k < count; k++) glp_set_row_bnds(p, first + k, type[k], lower[k], upper[k]);
  }
  pb_leave();
  return 0;
}

/// Adds `count` rows (constraints) with their coefficients on the existing
/// columns, as a sparse matrix in CSR form: row k has entries
/// start[k]..<start[k+1] of columnIndex (1-based columns) and value (cuts
/// added to a master that already has its columns).
static inline int pb_add_rows_with_entries(pb_context *context, glp_prob *p, int count,
                                           const int *type, const double *lower,
                                           const double *upper, const int *start,
                                           const int *columnIndex, const double *value) {
  PB_GUARD(context)
  if (count > 0) {
    int first = glp_add_rows(p, count);
    for (int k = 0; k < count; k++) {
      int i = first + k;
      glp_set_row_bnds(p, i, type[k], lower[k], upper[k]);
      int len = start[k + 1] - start[k];
      // glp_set_mat_row reads ind[1..len] and val[1..len].
      glp_set_mat_row(p, i, len, columnIndex + start[k] - 1, value + start[k] - 1);
    }
  }
  pb_leave();
  return 0;
}

/// Adds `count` columns (variables): bound type and bounds, objective
/// coefficient, kind (GLP_CV, GLP_IV), and their coefficients as a sparse
/// matrix in CSC form: column k has entries start[k]..<start[k+1] of
/// rowIndex (1-based rows) and value. GLPK checks the indices and rejects
/// duplicates (an error it reports through the hook).
static inline int pb_add_columns(pb_context *context, glp_prob *p, int count, const int *type,
                                 const double *lower, const double *upper,
                                 const double *objective, const int *kind, const int *start,
                                 const int *rowIndex, const double *value) {
  PB_GUARD(context)
  if (count > 0) {
    int first = glp_add_cols(p, count);
    for (int k = 0; k < count; k++) {
      int j = first + k;
      glp_set_col_bnds(p, j, type[k], lower[k], upper[k]);
      glp_set_obj_coef(p, j, objective[k]);
      glp_set_col_kind(p, j, kind[k]);
      int len = start[k + 1] - start[k];
      // glp_set_mat_col reads ind[1..len] and val[1..len].
      glp_set_mat_col(p, j, len, rowIndex + start[k] - 1, value + start[k] - 1);
    }
  }
  pb_leave();
  return 0;
}

/// Runs the simplex method; `*result` is glp_simplex's return code and
/// `*status` the primal status (glp_get_status). `dualTolerance` > 0
/// replaces GLPK's tolerance on reduced costs (`tol_dj`, 1e-7). `pricing`
/// 1 takes Dantzig's textbook rule (GLP_PT_STD) instead of GLPK's
/// projected steepest edge; `ratioTest` 1 the textbook ratio test
/// (GLP_RT_STD), 2 the long-step one (GLP_RT_FLIP), 0 Harris's (GLPK's
/// default).
static inline int pb_simplex(pb_context *context, glp_prob *p, int timeLimitMs, int presolve,
                             int dual, double dualTolerance, double primalTolerance, int pricing,
                             int ratioTest, int *result, int *status) {
  PB_GUARD(context)
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = context->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
  parm.meth = dual ? GLP_DUALP : GLP_PRIMAL;
  parm.tm_lim = timeLimitMs;
  parm.presolve = presolve ? GLP_ON : GLP_OFF;
  if (dualTolerance > 0) parm.tol_dj = dualTolerance;
  if (primalTolerance > 0) parm.tol_bnd = primalTolerance;
  if (pricing == 1) parm.pricing = GLP_PT_STD;
  if (ratioTest == 1) parm.r_test = GLP_RT_STD;
  if (ratioTest == 2) parm.r_test = GLP_RT_FLIP;
  *result = glp_simplex(p, &parm);
  *status = glp_get_status(p);
  pb_leave();
  return 0;
}

/// Runs the simplex method in exact rational arithmetic (glp_exact) from
/// the current basis; `*result` is glp_exact's return code and `*status`
/// the primal status (glp_get_status).
static inline int pb_exact(pb_context *context, glp_prob *p, int timeLimitMs, int *result, int *status) {
  PB_GUARD(context)
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = context->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
  parm.tm_lim = timeLimitMs;
  *result = glp_exact(p, &parm);
  *status = glp_get_status(p);
  pb_leave();
  return 0;
}

/// The current basis: the status (GLP_BS, GLP_NL, GLP_NU, GLP_NF, GLP_NS)
/// of every row (`rows[0..<m]`) and column (`columns[0..<n]`), and the
/// simplex iterations so far (glp_get_it_cnt).
static inline int pb_get_basis(pb_context *context, glp_prob *p, int *rows, int *columns,
                               int *iterations) {
  PB_GUARD(context)
  int n = glp_get_num_cols(p), m = glp_get_num_rows(p);
  for (int i = 1; i <= m; i++) rows[i - 1] = glp_get_row_stat(p, i);
  for (int j = 1; j <= n; j++) columns[j - 1] = glp_get_col_stat(p, j);
  *iterations = glp_get_it_cnt(p);
  pb_leave();
  return 0;
}

/// Sets a basis saved by pb_get_basis: `rowCount` rows and `columnCount`
/// columns take their saved status, columns added since are non-basic at
/// their lower bound (GLPK turns a non-basic status into the one that
/// fits the bounds: GLP_NS for a fixed column). GLPK factorises the basis
/// at the next glp_simplex.
static inline int pb_set_basis(pb_context *context, glp_prob *p, int rowCount, const int *rows,
                               int columnCount, const int *columns) {
  PB_GUARD(context)
  int n = glp_get_num_cols(p), m = glp_get_num_rows(p);
  for (int i = 1; i <= m && i <= rowCount; i++) glp_set_row_stat(p, i, rows[i - 1]);
  for (int j = 1; j <= n; j++) glp_set_col_stat(p, j, j <= columnCount ? columns[j - 1] : GLP_NL);
  pb_leave();
  return 0;
}

/// GLPK's count of simplex iterations on the problem so far.
static inline int pb_iteration_count(pb_context *context, glp_prob *p, int *iterations) {
  PB_GUARD(context)
  *iterations = glp_get_it_cnt(p);
  pb_leave();
  return 0;
}

/// Sets GLPK's standard basis (every row's auxiliary variable basic).
static inline int pb_std_basis(pb_context *context, glp_prob *p) {
  PB_GUARD(context)
  glp_std_basis(p);
  pb_leave();
  return 0;
}

/// Reads the LP solution: the objective, the primal value of every column
/// (`columns[0..<n]`) and the dual value of every row (`duals[0..<m]`).
static inline int pb_lp_solution(pb_context *context, glp_prob *p, double *objective,
                                 double *columns, double *duals) {
  PB_GUARD(context)
  *objective = glp_get_obj_val(p);
  int n = glp_get_num_cols(p), m = glp_get_num_rows(p);
  for (int j = 1; j <= n; j++) columns[j - 1] = glp_get_col_prim(p, j);
  for (int i = 1; i <= m; i++) duals[i - 1] = glp_get_row_dual(p, i);
  pb_leave();
  return 0;
}

/// What the branch-and-bound callback knows: the wall-clock deadline
/// (CLOCK_MONOTONIC seconds), an incumbent to offer once (1-based, or
/// NULL), and the node count it reports back. `cliqueCuts` (set before
/// the call) turns on GLPK's clique cuts, `feasibilityPump` its
/// feasibility pump (`fp_heur`), `proximitySearchMs` > 0 its proximity
/// search (`ps_heur`) with that time limit, `depthFirst` depth-first
/// backtracking (`GLP_BT_DFS`) instead of the best local bound.
typedef struct pb_mip_info {
  double deadline;
  int cliqueCuts;
  int depthFirst;
  int feasibilityPump;
  int proximitySearchMs;
  const double *incumbent;
  int incumbentOffered;
  int incumbentAccepted;
  int nodes;
  int terminated;
  double bound;
  int hasBound;
} pb_mip_info;

static inline double pb_monotonic_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline void pb_mip_callback(glp_tree *tree, void *data) {
  pb_mip_info *info = (pb_mip_info *)data;
  if (glp_ios_reason(tree) == GLP_IHEUR && info->incumbent && !info->incumbentOffered) {
    info->incumbentOffered = 1;
    info->incumbentAccepted = glp_ios_heur_sol(tree, info->incumbent) == 0;
  }
  int active = 0, live = 0, total = 0;
  glp_ios_tree_size(tree, &active, &live, &total);
  info->nodes = total;
  int best = glp_ios_best_node(tree);
  if (best > 0) {
    info->bound = glp_ios_node_bound(tree, best);
    info->hasBound = 1;
  }
  if (pb_monotonic_seconds() > info->deadline) {
    info->terminated = 1;
    glp_ios_terminate(tree);
  }
}

/// Runs branch and bound from an optimal LP basis (no presolve, so that the
/// incumbent offered by the callback is in the problem's own columns).
/// `*result` is glp_intopt's return code, `*status` glp_mip_status.
static inline int pb_intopt(pb_context *context, glp_prob *p, int timeLimitMs, pb_mip_info *info,
                            int *result, int *status) {
  PB_GUARD(context)
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.msg_lev = context->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
  parm.tm_lim = timeLimitMs;
  parm.presolve = GLP_OFF;
  parm.cb_func = pb_mip_callback;
  parm.cb_info = info;
  parm.br_tech = GLP_BR_DTH;
  parm.bt_tech = info->depthFirst ? GLP_BT_DFS : GLP_BT_BLB;
  if (info->cliqueCuts) parm.clq_cuts = GLP_ON;
  if (info->feasibilityPump) parm.fp_heur = GLP_ON;
  if (info->proximitySearchMs > 0) {
    parm.ps_heur = GLP_ON;
    parm.ps_tm_lim = info->proximitySearchMs;
  }
  *result = glp_intopt(p, &parm);
  *status = glp_mip_status(p);
  pb_leave();
  return 0;
}

/// Reads the MIP solution: objective and column values (`columns[0..<n]`).
static inline int pb_mip_solution(pb_context *context, glp_prob *p, double *objective,
                                  double *columns) {
  PB_GUARD(context)
  *objective = glp_mip_obj_val(p);
  int n = glp_get_num_cols(p);
  for (int j = 1; j <= n; j++) columns[j - 1] = glp_mip_col_val(p, j);
  pb_leave();
  return 0;
}

/// Sets the bounds of rows (1-based indices).
static inline int pb_set_row_bounds(pb_context *context, glp_prob *p, int count, const int *index,
                                    const int *type, const double *lower, const double *upper) {
  PB_GUARD(context)
  for (int k = 0; k < count; k++) glp_set_row_bnds(p, index[k], type[k], lower[k], upper[k]);
  pb_leave();
  return 0;
}

/// Sets the bounds of columns (1-based indices).
static inline int pb_set_column_bounds(pb_context *context, glp_prob *p, int count,
                                       const int *index, const int *type, const double *lower,
                                       const double *upper) {
  PB_GUARD(context)
  for (int k = 0; k < count; k++) glp_set_col_bnds(p, index[k], type[k], lower[k], upper[k]);
  pb_leave();
  return 0;
}

/// Sets the objective coefficients of columns (1-based indices).
static inline int pb_set_objective(pb_context *context, glp_prob *p, int count, const int *index,
                                   const double *value) {
  PB_GUARD(context)
  for (int k = 0; k < count; k++) glp_set_obj_coef(p, index[k], value[k]);
  pb_leave();
  return 0;
}

/// Deletes columns (1-based indices, distinct); GLPK renumbers the others
/// in their order. A basic column deleted leaves the basis invalid.
static inline int pb_delete_columns(pb_context *context, glp_prob *p, int count, const int *index) {
  PB_GUARD(context)
  // glp_del_cols reads num[1..count].
  if (count > 0) glp_del_cols(p, count, index - 1);
  pb_leave();
  return 0;
}

/// Writes a line to GLPK's terminal output (shown only when verbose).
static inline int pb_print(pb_context *context, const char *line) {
  PB_GUARD(context)
  glp_printf("%s\n", line);
  pb_leave();
  return 0;
}

/// Deletes a problem object.
static inline int pb_delete(pb_context *context, glp_prob *p) {
  PB_GUARD(context)
  glp_delete_prob(p);
  pb_leave();
  return 0;
}

/// Frees GLPK's environment of this thread (every problem object of it).
static inline void pb_free_env(void) { glp_free_env(); }

#endif
