// 1000 inputs, every one of them matters: the error needs their parity to be odd
// (many_inputs_unsafe.c with 100000 is a benchmark, scripts/bench-sorts).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main() {
  unsigned int s = 0;
  for (int i = 0; i < 1000; i++) {
    int x = __VERIFIER_nondet_int();
    s ^= (unsigned int) x;
  }
  if (__VERIFIER_nondet_bool() && (s & 1u)) reach_error();
  return 0;
}
