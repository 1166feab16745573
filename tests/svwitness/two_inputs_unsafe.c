// expect: unsafe, with x = 11, y = 14
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "two_inputs_unsafe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main() {
    int x = __VERIFIER_nondet_int();
	int   y   =   __VERIFIER_nondet_int();  /* columns differ after gcc -E */
    if (x > 10 && y == x + 3) {
        reach_error();
    }
    return 0;
}
