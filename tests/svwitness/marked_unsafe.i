# 1 "marked_unsafe.c"
# 1 "<built-in>"
# 1 "<command-line>"
# 1 "marked_unsafe.c"
extern void abort(void);
void reach_error() { abort(); }
extern int __VERIFIER_nondet_int(void);


# 12 "marked_unsafe.c"
int main() {
  int x = __VERIFIER_nondet_int();
  if (x == -42) reach_error();
  return 0;
}
