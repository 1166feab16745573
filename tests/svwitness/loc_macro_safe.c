// Safe. A loop written through a macro (line 8): ara cannot say where its keyword is.
#define UPTO(v, n) for (v = 0; v < n; v++)
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned int i;
  unsigned int j = 0;
  UPTO(i, 10) j++;
  if (j != 10) reach_error();
  return 0;
}
