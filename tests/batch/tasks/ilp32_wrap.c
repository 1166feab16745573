extern void abort(void);
void reach_error() { abort(); }
unsigned long a[3];
int main() {
  a[1] = 4294967295UL;
  a[1] = a[1] + 1;
  if (a[1] != 0) reach_error();
  return 0;
}
