extern void abort(void);
void reach_error() { abort(); }
extern float __VERIFIER_nondet_float(void);
int main() {
  float f = __VERIFIER_nondet_float();
  if (f > 1.0f && f < 0.5f) reach_error();
  return 0;
}
