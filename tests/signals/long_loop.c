// A hash over a million iterations of a nondet seed: no checker answers this quickly, so
// `ara check` runs long enough to be interrupted.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main() {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int h = 0;
  for (unsigned int i = 0; i < 1000000; i++) h = h * 31 + (x ^ i);
  if (h == 0x12345678u) reach_error();
  return 0;
}
