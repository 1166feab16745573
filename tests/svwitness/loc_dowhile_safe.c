// Safe. A brace-less do-while ends with a `while` on the line of another loop (line 9).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned int i = __VERIFIER_nondet_uint();
  unsigned int j = 0;
  if (i > 100) return 0;
  do i++; while (i < 5); j = 0; while (j < 10) j++;
  if (j != 10) reach_error();
  return 0;
}
