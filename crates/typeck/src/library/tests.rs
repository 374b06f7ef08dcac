use super::*;

#[test]
fn every_function_loads_for_each_precision() {
    for float in [Scalar::F32, Scalar::F64] {
        for name in crate::builtins::module_functions("cmath") {
            let k = function("cmath", name, float).unwrap_or_else(|| panic!("cmath.{name}"));
            assert_eq!(source(k - BASE).name, format!("cmath.{name}"));
        }
    }
}
