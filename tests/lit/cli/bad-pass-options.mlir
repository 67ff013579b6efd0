// Every bad pass option is a command-line error: exit 2 and one message
// shape, whether the registry finds it (unknown option, a value of the wrong
// type) or the pass's declared choices do; flag and pipeline spellings agree.
// RUN: bash -c 'hlopt %s --canonicalize=region-simplify=agressive 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --canonicalize=region-simplify=agressive 2>&1 | filecheck %s --check-prefix=CHOICE
// RUN: not hlopt %s --pass-pipeline='builtin.module(canonicalize{region-simplify=agressive})' 2>&1 | filecheck %s --check-prefix=CHOICE
// CHOICE: Error: invalid value 'agressive' for option 'region-simplify' of pass 'canonicalize' (expected one of: disabled, normal, aggressive; did you mean 'aggressive'?)
// RUN: bash -c 'hlopt %s --canonicalize=max-iterations=abc 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --canonicalize=max-iterations=abc 2>&1 | filecheck %s --check-prefix=TYPE
// TYPE: Error: invalid value 'abc' for option 'max-iterations' of pass 'canonicalize'
// RUN: bash -c 'hlopt %s --stablehlo-async-collectives=ops=all_gatherr 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --stablehlo-async-collectives=ops=all_gatherr 2>&1 | filecheck %s --check-prefix=LIST
// LIST: Error: invalid value 'all_gatherr' for option 'ops' of pass 'stablehlo-async-collectives' (expected one of: {{.*}}; did you mean 'all_gather'?)
// RUN: hlopt %s --canonicalize=region-simplify=aggressive | filecheck %s --check-prefix=IR
// The values MLIR's older spelling allowed still map onto its levels.
// RUN: hlopt %s --canonicalize=region-simplify=false | filecheck %s --check-prefix=IR
// IR: return
func.func @f() {
  return
}
