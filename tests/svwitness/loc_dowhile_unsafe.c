// Unsafe: j ends at 10. The invariant j < 5 at the while loop of line 9 is false.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned int i = __VERIFIER_nondet_uint();
  unsigned int j = 0;
  if (i > 100) return 0;
  do i++; while (i < 5); j = 0; while (j < 10) j++;
  if (j == 10) reach_error();
  return 0;
}
