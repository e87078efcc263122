// dist/runtime/qrcode/qrcode.mjs is the qrcode-generator package's own ES module build.
import qrcode from "qrcode-generator";
export default qrcode;
