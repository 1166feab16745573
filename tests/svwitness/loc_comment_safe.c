// Safe. Three loops; a comment that names a loop, and two loops on one line (line 12).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0, j = 0;
  if (n > 100) return 0;
  /* the first loop counts i up to n, as
     while (i < n) i++; would */ while (i < n) i++;
  j = 0;
  while (j < 10) j++;   for (; j < 20; j++) ;
  if (j != 20 || i != n) reach_error();
  return 0;
}
