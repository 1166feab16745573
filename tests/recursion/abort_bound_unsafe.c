extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "abort_bound_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

/* The input's bound is an assumption by abort(): ESBMC on the source without its C library
   (engines::checkers::esbmc::source_library) reads abort from ara's model, a path that
   calls it ends. down(n) == n for n >= 0, so with n in [0, 6] down(n) > 6 never holds
   (the safe twin) and down(n) == 6 at n = 6 (the bug twin). */
int down(int n) {
  if (n <= 0) return 0;
  return down(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 6);
  if (down(n) == 6) reach_error();
  return 0;
}
