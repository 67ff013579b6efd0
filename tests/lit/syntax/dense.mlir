// RUN: hlopt %s --split-input-file --allow-unregistered-dialect | filecheck %s --strict-whitespace --match-full-lines
// dense<...> elements: nesting, splats, hex blobs, empty, bool, complex,
// strings, and the >100-element hex threshold; dense_resource.
"t.dense"() {a = dense<1.0> : tensor<4xf32>, b = dense<[1.0, 1.0]> : tensor<2xf32>, c = dense<"0x0000803F00000040"> : tensor<2xf32>, d = dense<"0x0000803F"> : tensor<4xf32>, e = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> ()
// CHECK:module {
// CHECK-NEXT:  "t.dense"() {a = dense<1.000000e+00> : tensor<4xf32>, b = dense<1.000000e+00> : tensor<2xf32>, c = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, d = dense<1.000000e+00> : tensor<4xf32>, e = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> ()
// CHECK-NEXT:}
// -----
"t.dense"() {a = dense<[true, false]> : tensor<2xi1>, b = dense<[1, 0]> : tensor<2xi1>, c = dense<true> : tensor<3xi1>, d = dense<[1, 255]> : tensor<2xui8>, e = dense<[-1, 1]> : tensor<2xsi8>, f = dense<[1, 2]> : tensor<2xindex>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.dense"() {a = dense<[true, false]> : tensor<2xi1>, b = dense<[true, false]> : tensor<2xi1>, c = dense<true> : tensor<3xi1>, d = dense<[1, 255]> : tensor<2xui8>, e = dense<[-1, 1]> : tensor<2xsi8>, f = dense<[1, 2]> : tensor<2xindex>} : () -> ()
// CHECK-NEXT:}
// -----
"t.dense"() {a = dense<(1, 2)> : tensor<2xcomplex<i32>>, b = dense<[(1.0, 2.0), (3.0, -0.5)]> : tensor<2xcomplex<f32>>, c = dense<> : tensor<0xf32>, d = dense<> : tensor<2x0xi64>, e = dense<["a", "b\n"]> : tensor<2x!t.string>, f = dense<[[[1, 2]]]> : tensor<1x1x2xi64>, g = dense<[1.0, 2.0]> : vector<2xf32>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.dense"() {a = dense<(1,2)> : tensor<2xcomplex<i32>>, b = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-5.000000e-01)]> : tensor<2xcomplex<f32>>, c = dense<> : tensor<0xf32>, d = dense<> : tensor<2x0xi64>, e = dense<["a", "b\0A"]> : tensor<2x!t.string>, f = dense<{{\[\[}}[1, 2]]]> : tensor<1x1x2xi64>, g = dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>} : () -> ()
// CHECK-NEXT:}
// -----
"t.dense"() {a = dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.0]> : tensor<4xf32>, b = dense<[123456792.0, 3.14159265]> : tensor<2xf32>, e = dense<3.14159265358979> : tensor<f64>, f = dense<0xFF800000> : tensor<f32>, g = dense<[1.5, 2.5]> : tensor<2xbf16>, h = dense<[0.5, -2.0]> : tensor<2xf8E4M3FN>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.dense"() {a = dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.000000e+00]> : tensor<4xf32>, b = dense<[0x4CEB79A3, 3.14159274]> : tensor<2xf32>, e = dense<3.14159265358979> : tensor<f64>, f = dense<0xFF800000> : tensor<f32>, g = dense<[1.500000e+00, 2.500000e+00]> : tensor<2xbf16>, h = dense<[5.000000e-01, -2.000000e+00]> : tensor<2xf8E4M3FN>} : () -> ()
// CHECK-NEXT:}
// -----
"t.dense"() {a = dense<"0x01000000020000000300000004000000"> : tensor<2x2xi32>, b = dense<"0x0102"> : tensor<2xi8>, c = dense<"0x07"> : tensor<3x3xi8>, d = dense<[[1], [2]]> : tensor<2x1xi8>, e = dense<"str"> : tensor<2x!t.s>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.dense"() {a = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<[1, 2]> : tensor<2xi8>, c = dense<7> : tensor<3x3xi8>, d = dense<{{\[\[}}1], [2]]> : tensor<2x1xi8>, e = dense<"str"> : tensor<2x!t.s>} : () -> ()
// CHECK-NEXT:}
// -----
// 100 elements print as a list, 101 as a hex blob.
"t.dense"() {a = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>} : () -> ()
"t.dense"() {a = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi8>} : () -> ()
"t.dense"() {a = dense<7> : tensor<1000xi32>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.dense"() {a = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>} : () -> ()
// CHECK-NEXT:  "t.dense"() {a = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>} : () -> ()
// CHECK-NEXT:  "t.dense"() {a = dense<7> : tensor<1000xi32>} : () -> ()
// CHECK-NEXT:}
